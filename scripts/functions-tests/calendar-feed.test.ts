// Integration: calendar-feed on the running stack, fetched as a calendar app does (no Authorization, no apikey). A
// learner in one cohort of a course plans study time and subscribes; the answer, parsed with ical.js, holds their
// study sessions and the course's events for everyone and for their cohort at the right UTC times with stable UIDs,
// but not another cohort's. Rotating retires the old URL, revoking the new one, and every token that is not live
// (unknown, malformed, none) answers the same 404.
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl } from './env.ts'
import { admin, createSchool, createUser, deleteUsers, type Course, type TestUser } from './fixtures.ts'

const notFound = {
  error: { code: 'feed_not_found', message: 'This calendar feed does not exist or was turned off.' },
}

const feedUrl = (token: string) => `${apiUrl}/functions/v1/calendar-feed?token=${encodeURIComponent(token)}`
const icsUrl = (token: string) => `${apiUrl}/functions/v1/calendar-feed/${encodeURIComponent(token)}.ics`

/** A whole hour a few days ahead (UTC), `hours` after the first. */
const ahead = (days: number, hours = 0) => {
  const at = new Date(Date.now() + days * 86_400_000)
  at.setUTCHours(12 + hours, 0, 0, 0)
  return at.toISOString()
}

interface ParsedEvent {
  uid: string
  summary: string
  description: string
  location: string | null
  start: string
  end: string | null
  url: string | null
}

/** The feed as a calendar app reads it: the calendar's own properties and its events, times as ISO UTC strings. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    const end = component.getFirstPropertyValue('dtend') as ICAL.Time | null
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      end: end ? end.toJSDate().toISOString() : null,
      url: component.getFirstPropertyValue('url') as string | null,
    }
  })
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    prodId: calendar.getFirstPropertyValue('prodid'),
    timeZone: calendar.getFirstPropertyValue('x-wr-timezone'),
    events,
  }
}

async function fetchFeed(url: string, method = 'GET') {
  const response = await fetch(url, { method })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

async function rotate(learner: TestUser): Promise<string> {
  const { data, error } = await learner.db.rpc('rotate_calendar_feed')
  if (error) throw error
  return (data as { token: string }).token
}

describe.skipIf(!apiUrl)('calendar-feed', () => {
  let owner: TestUser
  let learner: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let course: Course
  let sessions: { id: string; starts_at: string; ends_at: string }[]
  const events: Record<'courseLive' | 'ownCohortDeadline' | 'otherCohortLive', { id: string; starts_at: string }> =
    {} as never

  beforeAll(async () => {
    owner = await createUser('feed-owner')
    learner = await createUser('feed-learner')
    school = await createSchool(owner)
    course = await school.course({ status: 'published', enrollment_mode: 'open' })
    const db = admin()
    // An hour of lessons, so a plan of 30-minute sessions lays out two of them.
    const lessons = await db.from('lessons').update({ duration_s: 3600 }).eq('course_id', course.id)
    if (lessons.error) throw lessons.error
    const cohorts = await db
      .from('cohorts')
      .insert([
        { course_id: course.id, name: 'Mine', starts_at: new Date().toISOString() },
        { course_id: course.id, name: 'Theirs', starts_at: new Date().toISOString() },
      ])
      .select('id, name')
    if (cohorts.error) throw cohorts.error
    const cohortId = (name: string) => (cohorts.data as { id: string; name: string }[]).find((c) => c.name === name)!.id
    const enrolled = await db
      .from('enrollments')
      .insert({ course_id: course.id, user_id: learner.id, source: 'open', cohort_id: cohortId('Mine') })
    if (enrolled.error) throw enrolled.error
    const zone = await learner.db.from('profiles').update({ timezone: 'Europe/London' }).eq('id', learner.id)
    if (zone.error) throw zone.error

    // The school's owner plans the events, as the course editor does (through RLS).
    const planned = await owner.db
      .from('events')
      .insert([
        {
          course_id: course.id,
          kind: 'live',
          title: 'Live Q&A',
          starts_at: ahead(3),
          ends_at: ahead(3, 1),
          join_url: 'https://meet.example/summit-qa',
        },
        {
          course_id: course.id,
          cohort_id: cohortId('Mine'),
          kind: 'deadline',
          title: 'Portfolio due',
          starts_at: ahead(5),
        },
        {
          course_id: course.id,
          cohort_id: cohortId('Theirs'),
          kind: 'live',
          title: 'Other cohort call',
          starts_at: ahead(4),
          ends_at: ahead(4, 1),
        },
      ])
      .select('id, title, starts_at')
    if (planned.error) throw planned.error
    const byTitle = (title: string) =>
      (planned.data as { id: string; title: string; starts_at: string }[]).find((e) => e.title === title)!
    events.courseLive = byTitle('Live Q&A')
    events.ownCohortDeadline = byTitle('Portfolio due')
    events.otherCohortLive = byTitle('Other cohort call')

    const plan = await learner.db.rpc('save_study_plan', {
      course_id: course.id,
      days_of_week: [1, 2, 3, 4, 5, 6, 7],
      start_time: '18:30',
      minutes: 30,
      target_end_date: null,
    })
    if (plan.error) throw plan.error
    const laid = await learner.db
      .from('study_sessions')
      .select('id, starts_at, ends_at')
      .eq('course_id', course.id)
      .order('starts_at')
    if (laid.error) throw laid.error
    sessions = laid.data as typeof sessions
  })

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([owner, learner])
  })

  it('answers text/calendar without authorization: study sessions and the learner’s events, in UTC, stable UIDs', async () => {
    expect(sessions).toHaveLength(2)
    const token = await rotate(learner)
    const answer = await fetchFeed(feedUrl(token))
    expect(answer.status, answer.text).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(answer.headers.get('cache-control')).toBe('private, max-age=300')
    const calendar = parseCalendar(answer.text)
    expect(calendar).toMatchObject({
      name: 'Summit',
      prodId: '-//Summit//Calendar feed//EN',
      timeZone: 'Europe/London',
    })
    const iso = (at: string) => new Date(at).toISOString()
    const expected = [
      ...sessions.map((session) => ({
        uid: `${session.id}@summit`,
        summary: 'Study: Test course',
        start: iso(session.starts_at),
        end: iso(session.ends_at),
        location: null,
      })),
      {
        uid: `${events.courseLive.id}@summit`,
        summary: 'Live Q&A',
        start: iso(events.courseLive.starts_at),
        end: ahead(3, 1),
        location: 'https://meet.example/summit-qa',
      },
      {
        uid: `${events.ownCohortDeadline.id}@summit`,
        summary: 'Portfolio due',
        start: iso(events.ownCohortDeadline.starts_at),
        end: iso(events.ownCohortDeadline.starts_at),
        location: null,
      },
    ]
    const byUid = (a: { uid: string }, b: { uid: string }) => a.uid.localeCompare(b.uid)
    expect(
      calendar.events
        .map(({ uid, summary, start, end, location }) => ({ uid, summary, start, end, location }))
        .sort(byUid),
    ).toEqual(expected.sort(byUid))
    expect(calendar.events.map((event) => event.uid)).not.toContain(`${events.otherCohortLive.id}@summit`)
    for (const event of calendar.events) expect(event.description).toContain(`/courses/${course.slug}`)
    const live = calendar.events.find((event) => event.uid === `${events.courseLive.id}@summit`)
    expect(live?.url).toBe('https://meet.example/summit-qa')

    // A refetch is the same calendar: the app updates its events in place.
    expect((await fetchFeed(feedUrl(token))).text).toBe(answer.text)
  })

  it('serves the same calendar at /calendar-feed/<token>.ics, and HEAD answers the headers only', async () => {
    const token = await rotate(learner)
    const query = await fetchFeed(feedUrl(token))
    const path = await fetchFeed(icsUrl(token))
    expect(path.status, path.text).toBe(200)
    expect(path.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(path.text).toBe(query.text)
    const head = await fetchFeed(icsUrl(token), 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(head.text).toBe('')
  })

  it('rotating turns the old URL off and the new one on; revoking turns it off', async () => {
    const old = await rotate(learner)
    expect((await fetchFeed(feedUrl(old))).status).toBe(200)
    const current = await rotate(learner)
    const retired = await fetchFeed(feedUrl(old))
    expect(retired.status).toBe(404)
    expect(JSON.parse(retired.text)).toEqual(notFound)
    expect((await fetchFeed(feedUrl(current))).status).toBe(200)
    const revoked = await learner.db.rpc('revoke_calendar_feed')
    if (revoked.error) throw revoked.error
    for (const url of [feedUrl(current), icsUrl(current)]) {
      const answer = await fetchFeed(url)
      expect(answer.status, url).toBe(404)
      expect(JSON.parse(answer.text)).toEqual(notFound)
    }
  })

  it('answers an unknown, a malformed or no token with the same 404', async () => {
    const unknown = Buffer.alloc(32, 7).toString('base64url')
    const urls = [
      feedUrl(unknown),
      icsUrl(unknown),
      feedUrl('not-a-token'),
      feedUrl(`${unknown}'; drop table x; --`),
      icsUrl('not-a-token'),
      `${apiUrl}/functions/v1/calendar-feed`,
    ]
    for (const url of urls) {
      const answer = await fetchFeed(url)
      expect(answer.status, url).toBe(404)
      expect(answer.headers.get('content-type'), url).toBe('application/json')
      expect(JSON.parse(answer.text), url).toEqual(notFound)
    }
  })

  it('refuses other methods with 405', async () => {
    const response = await fetch(feedUrl(await rotate(learner)), { method: 'POST', body: '{}' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(await response.json()).toMatchObject({ error: { code: 'method_not_allowed' } })
  })
})
