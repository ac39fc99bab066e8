// The lesson editor's rules, mirroring the database's checks on lessons, lesson_contents and course_sections
// (PRODUCT.md §5) with the sentences shown next to the fields. The form shows a threshold as a percentage and a
// release date as the browser's local date and time; these schemas turn them into what the columns store.
import * as z from 'zod/mini'
import { outlineTitleSchema } from '../schemas/studio.schemas'

export const lessonTitleSchema = outlineTitleSchema

export const lessonBodySchema = z
  .string()
  .check(z.maxLength(100_000, 'Keep the lesson to 100,000 characters or fewer.'))

// A pipe runs each stage only when the one before it passed: the text is trimmed and read as a number first, and
// only then do the number's own checks speak.

/** Seconds, 0-86,400 (a day). An empty field is 0. */
export const durationSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((value) => (value === '' ? 0 : Number(value))),
  ),
  z
    .number({ error: 'Use a whole number of seconds.' })
    .check(
      z.int('Use a whole number of seconds.'),
      z.minimum(0, 'Use 0 to 86,400 seconds (24 hours).'),
      z.maximum(86_400, 'Use 0 to 86,400 seconds (24 hours).'),
    ),
)

const thresholdMessage = 'Use a share between 50% and 100%.'

/** A percentage (50-100) in the form; a fraction (0.5-1.0, two decimals) in the column. */
export const thresholdPercentSchema = z.pipe(
  z.pipe(
    z.pipe(z.string().check(z.trim(), z.minLength(1, thresholdMessage)), z.transform(Number)),
    z.number({ error: thresholdMessage }).check(z.minimum(50, thresholdMessage), z.maximum(100, thresholdMessage)),
  ),
  z.transform((percent) => Math.round(percent) / 100),
)

const offsetMessage = 'Use a whole number of days from 0 to 3,650.'

export const releaseOffsetSchema = z.pipe(
  z.pipe(z.string().check(z.trim(), z.minLength(1, offsetMessage)), z.transform(Number)),
  z
    .number({ error: offsetMessage })
    .check(z.int(offsetMessage), z.minimum(0, offsetMessage), z.maximum(3650, offsetMessage)),
)

/** A datetime-local value (the author's own time zone) as an ISO instant. */
export const releaseAtSchema = z.pipe(
  z
    .pipe(
      z.string().check(z.trim(), z.minLength(1, 'Choose the date the section opens.')),
      z.transform((value) => new Date(value)),
    )
    .check(z.refine((date) => !Number.isNaN(date.getTime()), 'Choose the date the section opens.')),
  z.transform((date) => date.toISOString()),
)

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
