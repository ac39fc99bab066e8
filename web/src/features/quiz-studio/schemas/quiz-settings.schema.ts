// The quiz settings form: values as typed, the database's ranges as checks beside each field, and the conversion
// to the quiz_settings row. Empty "attempts allowed" means unlimited; empty "time limit" means none.
import * as z from 'zod/mini'
import type { QuizSettings, QuizSettingsPatch } from '../api/quiz-settings.api'
import { readTags } from './question-form.schema'

export interface QuizSettingsFormValues {
  question_ids: string[]
  draw: boolean
  draw_count: string
  draw_tags: string
  shuffle_questions: boolean
  shuffle_options: boolean
  pass_mark: string
  unlimited_attempts: boolean
  attempts_allowed: string
  cooldown_minutes: string
  time_limit: boolean
  time_limit_minutes: string
  grading: QuizSettings['grading']
  review_policy: QuizSettings['review_policy']
  review_when: QuizSettings['review_when']
  layout: QuizSettings['layout']
  required: boolean
}

function wholeIn(min: number, max: number, message: string) {
  return z.refine<string>((value) => {
    const trimmed = value.trim()
    if (!/^\d+$/.test(trimmed)) return false
    const number = Number(trimmed)
    return number >= min && number <= max
  }, message)
}

export const quizSettingsSchema = z
  .object({
    question_ids: z.array(z.string()),
    draw: z.boolean(),
    draw_count: z.string(),
    draw_tags: z.string(),
    shuffle_questions: z.boolean(),
    shuffle_options: z.boolean(),
    pass_mark: z.string().check(wholeIn(0, 100, 'A whole number from 0 to 100.')),
    unlimited_attempts: z.boolean(),
    attempts_allowed: z.string(),
    cooldown_minutes: z.string().check(wholeIn(0, 10080, 'From 0 to 10,080 minutes (a week).')),
    time_limit: z.boolean(),
    time_limit_minutes: z.string(),
    grading: z.enum(['highest', 'latest']),
    review_policy: z.enum(['score', 'answers', 'full']),
    review_when: z.enum(['immediately', 'after_passing', 'after_last_attempt']),
    layout: z.enum(['one_per_page', 'all_on_page']),
    required: z.boolean(),
  })
  .check(
    z.superRefine((values, context) => {
      const issue = (path: string, message: string) =>
        context.issues.push({ code: 'custom', path: [path], message, input: values })
      const whole = (text: string, min: number, max: number) =>
        /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max
      if (values.draw && !whole(values.draw_count, 1, 500)) issue('draw_count', 'A whole number from 1 to 500.')
      if (!values.unlimited_attempts && !whole(values.attempts_allowed, 1, 100))
        issue('attempts_allowed', 'A whole number from 1 to 100.')
      if (values.time_limit && !whole(values.time_limit_minutes, 1, 600))
        issue('time_limit_minutes', 'From 1 to 600 minutes.')
      if (!values.draw && values.question_ids.length === 0)
        issue('question_ids', 'Pick at least one question, or draw some at random.')
    }),
  )

export function settingsFormValues(settings: QuizSettings): QuizSettingsFormValues {
  return {
    question_ids: settings.question_ids,
    draw: settings.draw_count !== null,
    draw_count: String(settings.draw_count ?? 5),
    draw_tags: settings.draw_tags.join(', '),
    shuffle_questions: settings.shuffle_questions,
    shuffle_options: settings.shuffle_options,
    pass_mark: String(settings.pass_mark),
    unlimited_attempts: settings.attempts_allowed === null,
    attempts_allowed: String(settings.attempts_allowed ?? 3),
    cooldown_minutes: String(settings.cooldown_minutes),
    time_limit: settings.time_limit_minutes !== null,
    time_limit_minutes: String(settings.time_limit_minutes ?? 30),
    grading: settings.grading,
    review_policy: settings.review_policy,
    review_when: settings.review_when,
    layout: settings.layout,
    required: settings.required,
  }
}

export function settingsPatch(values: QuizSettingsFormValues): QuizSettingsPatch {
  return {
    question_ids: values.question_ids,
    draw_count: values.draw ? Number(values.draw_count) : null,
    draw_tags: values.draw ? readTags(values.draw_tags) : [],
    shuffle_questions: values.shuffle_questions,
    shuffle_options: values.shuffle_options,
    pass_mark: Number(values.pass_mark),
    attempts_allowed: values.unlimited_attempts ? null : Number(values.attempts_allowed),
    cooldown_minutes: Number(values.cooldown_minutes),
    time_limit_minutes: values.time_limit ? Number(values.time_limit_minutes) : null,
    grading: values.grading,
    review_policy: values.review_policy,
    review_when: values.review_when,
    layout: values.layout,
    required: values.required,
  }
}
