// Typed access to a lesson's Q&A. RLS lets the course's enrolled learners and its school's members read and write;
// the database sets the course, the names, is_instructor and the counters, and refuses over-long text and too many
// posts an hour (validation_failed / rate_limited). Each answer by someone else queues an email to the asker, which
// the notify-answer function sends when the answerer's app asks it to.
import type { Database, TablesInsert } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'

type QuestionTable = Database['public']['Tables']['questions']['Row']
type AnswerTable = Database['public']['Tables']['answers']['Row']

export type AnswerRow = Pick<AnswerTable, 'id' | 'author_id' | 'author_name' | 'body' | 'is_instructor' | 'created_at'>
export type QuestionRow = Pick<
  QuestionTable,
  'id' | 'lesson_id' | 'author_id' | 'author_name' | 'body' | 'resolved' | 'answer_count' | 'created_at'
> & { answers: AnswerRow[] }
export type OpenQuestion = Database['public']['Functions']['open_questions']['Returns'][number]

const questionColumns =
  'id, lesson_id, author_id, author_name, body, resolved, answer_count, created_at, answers(id, author_id, author_name, body, is_instructor, created_at)'

/** Newest questions first; each question's answers oldest first. */
export async function listLessonQuestions(client: SupabaseClient, lessonId: string): Promise<QuestionRow[]> {
  const { data, error } = await client
    .from('questions')
    .select(questionColumns)
    .eq('lesson_id', lessonId)
    .order('created_at', { ascending: false })
    .order('created_at', { referencedTable: 'answers', ascending: true })
  if (error) throw error
  return data
}

export async function askQuestion(client: SupabaseClient, values: { lessonId: string; body: string }) {
  // course_id is required by the generated Insert type but set by the database from the lesson (no column grant).
  const row = { lesson_id: values.lessonId, body: values.body } as TablesInsert<'questions'>
  const { data, error } = await client.from('questions').insert(row).select('id').single()
  if (error) throw error
  return data
}

export async function answerQuestion(client: SupabaseClient, values: { questionId: string; body: string }) {
  // lesson_id and course_id come from the question, is_instructor from the author's membership: the database's.
  const row = { question_id: values.questionId, body: values.body } as TablesInsert<'answers'>
  const { data, error } = await client.from('answers').insert(row).select('id').single()
  if (error) throw error
  return data
}

export interface NotifyAnswerResult {
  /** false when nothing was owed: an answer to one's own question, or an email sent already. */
  sent: boolean
}

/** Emails the asker about an answer the caller wrote (once: later calls send nothing). */
export async function notifyAsker(client: SupabaseClient, answerId: string): Promise<NotifyAnswerResult> {
  const { data, error } = await client.functions.invoke<NotifyAnswerResult>('notify-answer', {
    body: { answer_id: answerId },
  })
  if (error) throw error
  return data ?? { sent: false }
}

export async function setResolved(client: SupabaseClient, values: { id: string; resolved: boolean }) {
  const { error } = await client.from('questions').update({ resolved: values.resolved }).eq('id', values.id)
  if (error) throw error
}

export async function listOpenQuestions(client: SupabaseClient): Promise<OpenQuestion[]> {
  const { data, error } = await client.rpc('open_questions')
  if (error) throw error
  return data
}
