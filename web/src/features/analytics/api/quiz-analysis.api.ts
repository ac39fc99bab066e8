// The course's quizzes and each quiz's item analysis (quiz_item_analysis, kept current by the database as attempts
// are graded): attempts, pass rate, score distribution, and per question facility, discrimination, option picks and
// a flag; Cronbach's alpha for fixed-question quizzes; the in-video checks that ask the quiz's questions.
import type { SupabaseClient } from '@/lib/supabase'

export interface CourseQuiz {
  id: string
  title: string
}

export interface QuizQuestionStat {
  id: string
  prompt_md: string
  kind: string
  attempts: number
  facility: number | null
  discrimination: number | null
  flagged: boolean
  flag_reason: 'too_easy' | 'too_hard' | 'low_discrimination' | null
  options: Array<{ id: string; text: string; picks: number }>
}

export interface QuizItemAnalysis {
  attempts: number
  learners: number
  pass_rate: number | null
  score_distribution: Array<{ bucket: string; count: number }>
  alpha: number | null
  questions: QuizQuestionStat[]
  video_checks: Array<{ check_id: string; at_s: number; question_id: string; answers: number; facility: number | null }>
}

/** The course's quiz lessons in curriculum order. */
export async function listCourseQuizzes(client: SupabaseClient, courseId: string): Promise<CourseQuiz[]> {
  const { data, error } = await client
    .from('lessons')
    .select('id, title, position, course_sections!inner(position)')
    .eq('course_id', courseId)
    .eq('kind', 'quiz')
  if (error) throw error
  const rows = data as unknown as Array<{
    id: string
    title: string
    position: number
    course_sections: { position: number }
  }>
  return rows
    .sort((a, b) => a.course_sections.position - b.course_sections.position || a.position - b.position)
    .map(({ id, title }) => ({ id, title }))
}

export async function getQuizItemAnalysis(client: SupabaseClient, lessonId: string): Promise<QuizItemAnalysis> {
  const { data, error } = await client.rpc('quiz_item_analysis', { p_lesson_id: lessonId })
  if (error) throw error
  // jsonb (typed Json by the generator), shaped as QuizItemAnalysis says.
  return data as unknown as QuizItemAnalysis
}
