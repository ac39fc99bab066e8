// The learner's quiz calls: start or resume an attempt, save an answer, submit, read the state, history and review,
// and the in-video checks. Plain async functions taking the Supabase client first and throwing on error.
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

type UntypedRpc = (fn: string, args: Record<string, unknown>) => PromiseLike<{ data: unknown; error: unknown }>

/** The quiz RPCs by name: the generated types do not list them until the quiz migration is in the dev database. */
async function call<T>(client: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const rpc = client.rpc.bind(client) as unknown as UntypedRpc
  const { data, error } = await rpc(fn, args)
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
    p_answer: input.answer,
  })
}

export function submitQuizAttempt(client: SupabaseClient, attemptId: string): Promise<QuizResult> {
  return call(client, 'save_quiz_attempt', { p_attempt_id: attemptId })
}

export function getAttemptReview(client: SupabaseClient, attemptId: string): Promise<AttemptReview> {
  return call(client, 'quiz_attempt_review', { p_attempt_id: attemptId })
}

export async function listVideoChecks(client: SupabaseClient, lessonId: string): Promise<VideoCheck[]> {
  // Through the Data API by name for the same reason as `call`.
  const from = client.from.bind(client) as unknown as (table: string) => {
    select: (columns: string) => {
      eq: (
        column: string,
        value: string,
      ) => { order: (column: string) => PromiseLike<{ data: unknown; error: unknown }> }
    }
  }
  const { data, error } = await from('video_checks')
    .select('id, lesson_id, at_s')
    .eq('lesson_id', lessonId)
    .order('at_s')
  if (error) throw error
  return (data as VideoCheck[] | null) ?? []
}

export function getVideoCheckQuestion(client: SupabaseClient, checkId: string): Promise<VideoCheckQuestion> {
  return call(client, 'video_check_question', { p_check_id: checkId })
}

export function answerVideoCheck(
  client: SupabaseClient,
  input: { checkId: string; answer: QuizAnswer },
): Promise<VideoCheckAnswer> {
  return call(client, 'answer_video_check', { p_check_id: input.checkId, p_answer: input.answer })
}
