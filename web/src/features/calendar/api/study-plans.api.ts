// Typed data access for study plans: the courses a plan can be made for, the learner's plans with their state, saving
// one (which lays out its sessions), "I fell behind: replan", and removing one (its sessions go with it). Every
// function throws on error.
import type { SupabaseClient } from '@/lib/supabase'
import { myPlansSchema, planStateSchema, type MyPlan, type PlanState } from '../schemas/plan.schemas'
import type { StudyPlanInput } from '../schemas/study-plan.schemas'

export async function listStudyPlans(client: SupabaseClient): Promise<MyPlan[]> {
  const { data, error } = await client.rpc('my_study_plans')
  if (error) throw error
  return myPlansSchema.parse(data)
}

export async function saveStudyPlan(client: SupabaseClient, input: StudyPlanInput): Promise<PlanState> {
  const { data, error } = await client.rpc('save_study_plan', {
    course_id: input.courseId,
    days_of_week: input.days,
    start_time: input.startTime,
    minutes: input.minutes,
    ...(input.targetEndDate ? { target_end_date: input.targetEndDate } : {}),
  })
  if (error) throw error
  return planStateSchema.parse(data)
}

export async function replanStudyPlan(client: SupabaseClient, courseId: string): Promise<PlanState> {
  const { data, error } = await client.rpc('replan_study_plan', { course_id: courseId })
  if (error) throw error
  return planStateSchema.parse(data)
}

export async function deleteStudyPlan(client: SupabaseClient, courseId: string): Promise<void> {
  const { error } = await client.from('study_plans').delete().eq('course_id', courseId)
  if (error) throw error
}

export interface PlannableCourse {
  id: string
  slug: string
  title: string
}

interface EnrollmentRow {
  course: PlannableCourse | null
}

/** The courses the learner is actively enrolled in, in the order they enrolled: the ones a plan can be made for. */
export async function listPlannableCourses(client: SupabaseClient, userId: string): Promise<PlannableCourse[]> {
  const { data, error } = await client
    .from('enrollments')
    .select('course:courses!enrollments_course_id_fkey(id, slug, title)')
    .eq('user_id', userId)
    .eq('status', 'active')
    .order('enrolled_at')
  if (error) throw error
  return (data as unknown as EnrollmentRow[]).flatMap((row) => (row.course ? [row.course] : []))
}
