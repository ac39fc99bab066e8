// The course's question bank for its staff: questions with their keys (staff may read both), and the writes, which
// go through the database's calls so a question and its key are checked and saved together.
import type { SupabaseClient } from '@/lib/supabase'
import type { ImportQuestion, QuestionKind, QuestionOption } from '../lib/import-question'
import { callQuizRpc } from './quiz-rpc'

export interface BankQuestion extends ImportQuestion {
  id: string
  updated_at: string
}

interface KeyRow {
  correct_options: string[] | null
  accepted_answers: string[] | null
  numeric_answer: number | null
  tolerance: number | null
  explanation_md: string | null
}

const columns =
  'id, kind, prompt_md, options, points, tags, updated_at, quiz_question_keys(correct_options, accepted_answers, numeric_answer, tolerance, explanation_md)'

/** Every question of the course, newest first (a bank holds hundreds at most; filtering happens in the page). */
export async function listBankQuestions(client: SupabaseClient, courseId: string): Promise<BankQuestion[]> {
  const { data, error } = await client
    .from('quiz_questions')
    .select(columns)
    .eq('course_id', courseId)
    .order('created_at', { ascending: false })
    .limit(2000)
  if (error) throw error
  return data.map((row) => {
    const embedded = row.quiz_question_keys as unknown as KeyRow | KeyRow[] | null
    const key = Array.isArray(embedded) ? (embedded[0] ?? null) : embedded
    return {
      id: row.id,
      updated_at: row.updated_at,
      kind: row.kind as QuestionKind,
      prompt_md: row.prompt_md,
      options: row.options as unknown as QuestionOption[],
      points: Number(row.points),
      tags: row.tags,
      correct_options: key?.correct_options ?? [],
      accepted_answers: key?.accepted_answers ?? [],
      numeric_answer: key?.numeric_answer ?? null,
      tolerance: key?.tolerance ?? 0,
      explanation_md: key?.explanation_md ?? null,
    }
  })
}

/** Creates (no id) or edits a question with its key; answers its id. */
export function saveBankQuestion(
  client: SupabaseClient,
  values: { courseId: string; questionId: string | null; question: ImportQuestion },
): Promise<string> {
  return callQuizRpc<string>(client, 'save_quiz_question', {
    p_course_id: values.courseId,
    p_question_id: values.questionId,
    p_question: values.question,
  })
}

export function duplicateBankQuestion(client: SupabaseClient, questionId: string): Promise<string> {
  return callQuizRpc<string>(client, 'duplicate_quiz_question', { p_question_id: questionId })
}

/** Deletes a question; the database refuses (23503) one that a quiz or an attempt uses. */
export async function deleteBankQuestion(client: SupabaseClient, questionId: string): Promise<void> {
  const { data, error } = await client.from('quiz_questions').delete().eq('id', questionId).select('id')
  if (error) throw error
  if (data.length === 0) throw { code: 'PGRST116', message: 'The question was not found.' }
}

/** Imports questions all or nothing; answers how many were added. */
export function importBankQuestions(
  client: SupabaseClient,
  values: { courseId: string; questions: ImportQuestion[] },
): Promise<number> {
  return callQuizRpc<number>(client, 'import_quiz_questions', {
    p_course_id: values.courseId,
    p_questions: values.questions,
  })
}
