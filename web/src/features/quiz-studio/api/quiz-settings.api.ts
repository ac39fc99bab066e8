// A quiz lesson's settings (the database creates the row with the lesson; staff update it) and the author's preview
// of the quiz with its key.
import type { SupabaseClient } from '@/lib/supabase'
import type { QuestionKind, QuestionOption } from '../lib/import-question'
import { callQuizRpc } from './quiz-rpc'

export interface QuizSettings {
  lesson_id: string
  question_ids: string[]
  draw_count: number | null
  draw_tags: string[]
  shuffle_questions: boolean
  shuffle_options: boolean
  pass_mark: number
  attempts_allowed: number | null
  cooldown_minutes: number
  time_limit_minutes: number | null
  grading: 'highest' | 'latest'
  review_policy: 'score' | 'answers' | 'full'
  review_when: 'immediately' | 'after_passing' | 'after_last_attempt'
  layout: 'one_per_page' | 'all_on_page'
  required: boolean
}

export type QuizSettingsPatch = Omit<QuizSettings, 'lesson_id'>

const columns =
  'lesson_id, question_ids, draw_count, draw_tags, shuffle_questions, shuffle_options, pass_mark, attempts_allowed, cooldown_minutes, time_limit_minutes, grading, review_policy, review_when, layout, required'

/** The settings of a quiz lesson, or null when the lesson is not (yet) a quiz. */
export async function getQuizSettings(client: SupabaseClient, lessonId: string): Promise<QuizSettings | null> {
  const { data, error } = await client.from('quiz_settings').select(columns).eq('lesson_id', lessonId).maybeSingle()
  if (error) throw error
  return data as QuizSettings | null
}

export async function updateQuizSettings(
  client: SupabaseClient,
  lessonId: string,
  patch: QuizSettingsPatch,
): Promise<QuizSettings> {
  const { data, error } = await client
    .from('quiz_settings')
    .update(patch)
    .eq('lesson_id', lessonId)
    .select(columns)
    .single()
  if (error) throw error
  return data as QuizSettings
}

export interface PreviewQuestion {
  id: string
  kind: QuestionKind
  prompt_md: string
  points: number
  options: QuestionOption[]
  drawn: boolean
  has_key: boolean
  correct_options: string[]
  accepted_answers: string[]
  numeric_answer: number | null
  tolerance: number | null
  explanation_md: string | null
}

export interface QuizPreview {
  lesson_id: string
  layout: QuizSettings['layout']
  time_limit_minutes: number | null
  pass_mark: number
  draw_count: number | null
  draw_tags: string[]
  pool_size: number
  questions: PreviewQuestion[]
}

export function getQuizPreview(client: SupabaseClient, lessonId: string): Promise<QuizPreview> {
  return callQuizRpc<QuizPreview>(client, 'quiz_preview', { p_lesson_id: lessonId })
}
