// Cohort and event forms: the database's checks on cohorts and events with one sentence each, and its refusals
// (named by constraint) placed at the same field with the same sentence.
import { describe, expect, it } from 'vitest'
import { constraintMessage, eventFormSchema, scheduleMessages, cohortFormSchema } from './schedule.schemas'

const live = {
  kind: 'live' as const,
  title: 'Office hours',
  startsAt: '2030-03-01T18:00',
  endsAt: '2030-03-01T19:00',
  joinUrl: 'https://meet.example.com/office',
  cohortId: '',
}

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.success
    ? {}
    : Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))
}

describe('eventFormSchema', () => {
  it('passes a live session with an https link, course-wide', () => {
    const value = eventFormSchema.parse(live)
    expect(value).toMatchObject({ kind: 'live', title: 'Office hours', joinUrl: live.joinUrl, cohortId: null })
    expect(new Date(value.endsAt ?? '').getTime() - new Date(value.startsAt).getTime()).toBe(3_600_000)
  })

  it('refuses an http link, as the database does', () => {
    expect(messages(eventFormSchema.safeParse({ ...live, joinUrl: 'http://meet.example.com/x' }))).toEqual({
      joinUrl: scheduleMessages.joinUrl,
    })
  })

  it('needs an end after the start for a live session', () => {
    expect(messages(eventFormSchema.safeParse({ ...live, endsAt: '' }))).toEqual({ endsAt: scheduleMessages.eventEnd })
    expect(messages(eventFormSchema.safeParse({ ...live, endsAt: '2030-03-01T17:00' }))).toEqual({
      endsAt: scheduleMessages.eventEndOrder,
    })
  })

  it('drops the end and link of a deadline, which is a moment', () => {
    expect(eventFormSchema.parse({ ...live, kind: 'deadline', joinUrl: 'http://ignored' })).toMatchObject({
      endsAt: null,
      joinUrl: null,
    })
  })

  it('needs a title and a start', () => {
    expect(messages(eventFormSchema.safeParse({ ...live, title: '   ', startsAt: '' }))).toMatchObject({
      title: scheduleMessages.eventTitle,
      startsAt: scheduleMessages.eventStart,
    })
  })
})

describe('cohortFormSchema', () => {
  it('trims the name and needs a start', () => {
    expect(cohortFormSchema.parse({ name: '  March  ', startsAt: '2030-03-01T09:00' }).name).toBe('March')
    expect(messages(cohortFormSchema.safeParse({ name: ' ', startsAt: '' }))).toEqual({
      name: scheduleMessages.cohortName,
      startsAt: scheduleMessages.cohortStart,
    })
  })
})

describe('constraintMessage', () => {
  it('places a refusal the database names by its constraint', () => {
    const refusal = {
      code: '23514',
      message: 'new row for relation "events" violates check constraint "events_join_url_format"',
    }
    expect(constraintMessage(refusal)).toEqual(['joinUrl', scheduleMessages.joinUrl])
    expect(
      constraintMessage({
        code: '23505',
        message: 'duplicate key value violates unique constraint "cohorts_course_name_key"',
      }),
    ).toEqual(['name', scheduleMessages.cohortNameTaken])
  })

  it('answers null for anything else', () => {
    expect(constraintMessage({ code: '42501', message: 'permission denied' })).toBeNull()
    expect(constraintMessage(null)).toBeNull()
  })
})
