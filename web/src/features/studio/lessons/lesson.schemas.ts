// The lesson editor's rules, mirroring the database's checks on lessons, lesson_contents and course_sections
// (PRODUCT.md §5) with the sentences shown next to the fields. The form shows a threshold as a percentage and a
// release date as the browser's local date and time; these schemas turn them into what the columns store.
import { z } from 'zod'
import { outlineTitleSchema } from '../schemas/studio.schemas'

export const lessonTitleSchema = outlineTitleSchema

export const lessonBodySchema = z.string().max(100_000, 'Keep the lesson to 100,000 characters or fewer.')

/** Seconds, 0-86,400 (a day). An empty field is 0. */
export const durationSchema = z
  .string()
  .trim()
  .transform((value) => (value === '' ? 0 : Number(value)))
  .pipe(
    z
      .number({ error: 'Use a whole number of seconds.' })
      .int('Use a whole number of seconds.')
      .min(0, 'Use 0 to 86,400 seconds (24 hours).')
      .max(86_400, 'Use 0 to 86,400 seconds (24 hours).'),
  )

const thresholdMessage = 'Use a share between 50% and 100%.'

/** A percentage (50-100) in the form; a fraction (0.5-1.0, two decimals) in the column. */
export const thresholdPercentSchema = z
  .string()
  .trim()
  .min(1, thresholdMessage)
  .transform(Number)
  .pipe(z.number({ error: thresholdMessage }).min(50, thresholdMessage).max(100, thresholdMessage))
  .transform((percent) => Math.round(percent) / 100)

const offsetMessage = 'Use a whole number of days from 0 to 3,650.'

export const releaseOffsetSchema = z
  .string()
  .trim()
  .min(1, offsetMessage)
  .transform(Number)
  .pipe(z.number({ error: offsetMessage }).int(offsetMessage).min(0, offsetMessage).max(3650, offsetMessage))

/** A datetime-local value (the author's own time zone) as an ISO instant. */
export const releaseAtSchema = z
  .string()
  .trim()
  .min(1, 'Choose the date the section opens.')
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), 'Choose the date the section opens.')
  .transform((date) => date.toISOString())

/** An ISO instant as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

export type ReleaseMode = 'immediate' | 'offset' | 'date'

export function releaseModeOf(section: { release_offset_days: number | null; release_at: string | null }): ReleaseMode {
  if (section.release_at) return 'date'
  if (section.release_offset_days !== null) return 'offset'
  return 'immediate'
}
