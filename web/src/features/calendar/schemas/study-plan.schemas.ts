// The study plan form, mirroring save_study_plan()'s checks with the database's own sentences (the server's fields
// map uses the same words, so a refusal reads alike from either side). The target date's "from today on" is left
// to the server, which knows the learner's today.
import * as z from 'zod/mini'

export const planMessages = {
  days: 'Pick at least one day of the week.',
  startTime: 'Pick a time to start.',
  minutes: 'A session is 5 to 480 minutes long.',
  targetEndDate: 'Pick a target date from today on.',
} as const

export const studyPlanFormSchema = z.object({
  days: z.array(z.number().check(z.int(), z.gte(1), z.lte(7))).check(z.minLength(1, planMessages.days)),
  startTime: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, planMessages.startTime)),
  minutes: z.string().check(
    z.refine((value) => {
      const trimmed = value.trim()
      return /^\d+$/.test(trimmed) && Number(trimmed) >= 5 && Number(trimmed) <= 480
    }, planMessages.minutes),
  ),
  targetEndDate: z
    .string()
    .check(z.refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), planMessages.targetEndDate)),
})
export type StudyPlanFormValues = z.infer<typeof studyPlanFormSchema>

/** What save_study_plan() takes for a course, from the form's values. */
export interface StudyPlanInput {
  courseId: string
  days: number[]
  startTime: string
  minutes: number
  targetEndDate: string | null
}

export function toStudyPlanInput(courseId: string, values: StudyPlanFormValues): StudyPlanInput {
  return {
    courseId,
    days: [...values.days].sort((a, b) => a - b),
    startTime: values.startTime,
    minutes: Number(values.minutes.trim()),
    targetEndDate: values.targetEndDate === '' ? null : values.targetEndDate,
  }
}

/** The server's argument names in its fields map, as the form names them. */
export const planFieldOf = {
  days_of_week: 'days',
  start_time: 'startTime',
  minutes: 'minutes',
  target_end_date: 'targetEndDate',
} as const satisfies Record<string, keyof StudyPlanFormValues>
