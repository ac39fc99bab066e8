// The learner's quiz calls: start or resume an attempt, save an answer, submit, read the state, history and review,
// and the in-video checks. Plain async functions taking the Supabase client first and throwing on error.
import type { Database, Json } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'
import type {
  AttemptReview,
  QuizAnswer,
  QuizAttempt,
  QuizResult,
  QuizState,
  VideoCheck,
  VideoCheckAnswer,
  VideoCheckQuestion,
} from './quiz.types'

type QuizRpc =
  | 'quiz_state'
  | 'start_quiz_attempt'
  | 'save_quiz_answer'
  | 'save_quiz_attempt'
  | 'quiz_attempt_review'
  | 'video_check_question'
  | 'answer_video_check'

type Functions = Database['public']['Functions']

/** The quiz calls answer jsonb (typed Json by the generator): each answer's shape is in ./quiz.types. */
async function call<T, F extends QuizRpc>(client: SupabaseClient, fn: F, args: Functions[F]['Args']): Promise<T> {
  // supabase-js cannot pick its overload for a generic name; each call site below is checked against its Args.
  const { data, error } = await client.rpc(
    fn as QuizRpc,
    args as Functions[QuizRpc]['Args'] & Functions['quiz_state']['Args'],
  )
  if (error) throw error
  return data as T
}

export function getQuizState(client: SupabaseClient, lessonId: string): Promise<QuizState> {
  return call(client, 'quiz_state', { p_lesson_id: lessonId })
}

export function startQuizAttempt(client: SupabaseClient, lessonId: string): Promise<QuizAttempt> {
  return call(client, 'start_quiz_attempt', { p_lesson_id: lessonId })
}

export function saveQuizAnswer(
  client: SupabaseClient,
  input: { attemptId: string; questionId: string; answer: QuizAnswer },
): Promise<{ saved_at: string }> {
  return call(client, 'save_quiz_answer', {
    p_attempt_id: input.attemptId,
    p_question_id: input.questionId,
    p_answer: input.answer as unknown as Json,
  })
}

export function submitQuizAttempt(client: SupabaseClient, attemptId: string): Promise<QuizResult> {
  return call(client, 'save_quiz_attempt', { p_attempt_id: attemptId })
}

export function getAttemptReview(client: SupabaseClient, attemptId: string): Promise<AttemptReview> {
  return call(client, 'quiz_attempt_review', { p_attempt_id: attemptId })
}

export async function listVideoChecks(client: SupabaseClient, lessonId: string): Promise<VideoCheck[]> {
  const { data, error } = await client
    .from('video_checks')
    .select('id, lesson_id, at_s')
    .eq('lesson_id', lessonId)
    .order('at_s')
  if (error) throw error
  return data
}

export function getVideoCheckQuestion(client: SupabaseClient, checkId: string): Promise<VideoCheckQuestion> {
  return call(client, 'video_check_question', { p_check_id: checkId })
}

export function answerVideoCheck(
  client: SupabaseClient,
  input: { checkId: string; answer: QuizAnswer },
): Promise<VideoCheckAnswer> {
  return call(client, 'answer_video_check', { p_check_id: input.checkId, p_answer: input.answer as unknown as Json })
}
