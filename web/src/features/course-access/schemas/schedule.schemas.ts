// Forms for cohorts and events, mirroring the database's checks on cohorts and events with one sentence each;
// constraintMessage maps a check the database still refuses (23514/23505, named by constraint) to the same field
// and sentence. Times are datetime-local values, read in the viewer's time zone.
import * as z from 'zod/mini'
import { fromLocalInput } from '../lib/date-time'

export const scheduleMessages = {
  cohortName: 'Give the cohort a name.',
  cohortNameLong: 'Keep the name to 120 characters or fewer.',
  cohortNameTaken: 'Another cohort of this course already has this name.',
  cohortStart: 'Choose when the cohort starts.',
  eventTitle: 'Give the event a title.',
  eventTitleLong: 'Keep the title to 120 characters or fewer.',
  eventStart: 'Choose when it starts.',
  eventEnd: 'Choose when the session ends.',
  eventEndOrder: 'The session must end after it starts.',
  joinUrl: 'Use an https:// link of at most 2,000 characters.',
} as const

// zod/mini hands a transform the bare parse payload (no addIssue), so a refusal goes straight on its issue list.
const moment = (message: string) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const iso = fromLocalInput(value)
      if (!iso) ctx.issues.push({ code: 'custom', input: value, message })
      return iso ?? ''
    }),
  )

export const cohortFormSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, scheduleMessages.cohortName), z.maxLength(120, scheduleMessages.cohortNameLong)),
  startsAt: moment(scheduleMessages.cohortStart),
})
export type CohortFormInput = z.input<typeof cohortFormSchema>
export type CohortFormValues = z.output<typeof cohortFormSchema>

const joinUrlPattern = /^https:\/\/[^\s/]+(\/\S*)?$/

export const eventFormSchema = z.pipe(
  z.object({
    kind: z.enum(['live', 'deadline']),
    title: z
      .string()
      .check(z.trim(), z.minLength(1, scheduleMessages.eventTitle), z.maxLength(120, scheduleMessages.eventTitleLong)),
    startsAt: moment(scheduleMessages.eventStart),
    endsAt: z.string(),
    joinUrl: z.string().check(z.trim()),
    cohortId: z.string(),
  }),
  z.transform((v, ctx) => {
    const live = v.kind === 'live'
    const endsAt = live ? fromLocalInput(v.endsAt) : null
    if (live && !endsAt) {
      ctx.issues.push({ code: 'custom', input: v, path: ['endsAt'], message: scheduleMessages.eventEnd })
    } else if (live && endsAt && v.startsAt && endsAt <= v.startsAt) {
      ctx.issues.push({ code: 'custom', input: v, path: ['endsAt'], message: scheduleMessages.eventEndOrder })
    }
    const joinUrl = live && v.joinUrl !== '' ? v.joinUrl : null
    if (joinUrl && (!joinUrlPattern.test(joinUrl) || joinUrl.length > 2000)) {
      ctx.issues.push({ code: 'custom', input: v, path: ['joinUrl'], message: scheduleMessages.joinUrl })
    }
    return {
      kind: v.kind,
      title: v.title,
      startsAt: v.startsAt,
      endsAt,
      joinUrl,
      cohortId: v.cohortId === '' ? null : v.cohortId,
    }
  }),
)
export type EventFormInput = z.input<typeof eventFormSchema>
export type EventFormValues = z.output<typeof eventFormSchema>

const constraintFields: Record<string, [field: string, message: string]> = {
  cohorts_name_length: ['name', scheduleMessages.cohortName],
  cohorts_course_name_key: ['name', scheduleMessages.cohortNameTaken],
  events_title_length: ['title', scheduleMessages.eventTitle],
  events_live_has_end: ['endsAt', scheduleMessages.eventEnd],
  events_ends_after_start: ['endsAt', scheduleMessages.eventEndOrder],
  events_join_url_format: ['joinUrl', scheduleMessages.joinUrl],
}

/** The field and sentence for a constraint the database named in a 23514/23505 refusal; null for anything else. */
export function constraintMessage(error: unknown): [field: string, message: string] | null {
  if (typeof error !== 'object' || error === null) return null
  const text = `${String((error as { message?: unknown }).message ?? '')} ${String((error as { details?: unknown }).details ?? '')}`
  const name = Object.keys(constraintFields).find((c) => text.includes(`"${c}"`))
  return name ? (constraintFields[name] ?? null) : null
}
