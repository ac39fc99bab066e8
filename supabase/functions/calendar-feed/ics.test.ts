// Unit tests of the feed's iCalendar text: the calendar's properties and one VEVENT per item with UTC times, a stable
// UID, the course link, the join URL of a live session and a deadline as a moment.
import assert from 'node:assert/strict'
import { type Feed, feedSchema, renderCalendar } from './ics.ts'

const site = 'https://summit.example'

const feed: Feed = {
  time_zone: 'Europe/London',
  items: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      kind: 'study',
      title: 'Study: Watercolour, basics',
      course_title: 'Watercolour, basics',
      course_slug: 'watercolour',
      starts_at: '2026-12-01T18:00:00+00:00',
      ends_at: '2026-12-01T18:45:00+00:00',
      join_url: null,
      updated_at: '2026-11-20T09:00:00.123456+00:00',
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      kind: 'live',
      title: 'Live Q&A',
      course_title: 'Watercolour, basics',
      course_slug: 'watercolour',
      starts_at: '2026-12-02T17:00:00+01:00',
      ends_at: '2026-12-02T18:00:00+01:00',
      join_url: 'https://meet.example/abc',
      updated_at: '2026-11-21T10:00:00+00:00',
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      kind: 'deadline',
      title: 'Portfolio due',
      course_title: 'Watercolour, basics',
      course_slug: 'watercolour',
      starts_at: '2026-12-05T23:59:00+00:00',
      ends_at: null,
      join_url: null,
      updated_at: '2026-11-22T11:00:00+00:00',
    },
  ],
}

/** The content lines (folded lines joined, RFC 5545 §3.1), and each VEVENT's lines keyed by property name. */
function parse(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter((line) => line !== '')
  const events: Map<string, string>[] = []
  let current: Map<string, string> | undefined
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = new Map()
    else if (line === 'END:VEVENT' && current) {
      events.push(current)
      current = undefined
    } else if (current) {
      const colon = line.indexOf(':')
      current.set(line.slice(0, colon), line.slice(colon + 1))
    }
  }
  return { lines, events }
}

Deno.test('the calendar is named Summit, with a stable PRODID and the learner time zone', () => {
  const { lines } = parse(renderCalendar(feed, site))
  assert.equal(lines[0], 'BEGIN:VCALENDAR')
  assert.equal(lines.at(-1), 'END:VCALENDAR')
  assert(lines.includes('VERSION:2.0'))
  assert(lines.includes('PRODID:-//Summit//Calendar feed//EN'), lines.join('\n'))
  assert(lines.includes('X-WR-CALNAME:Summit'))
  assert(lines.includes('X-WR-TIMEZONE:Europe/London'))
  assert(!lines.some((line) => line.includes('TZID')), 'times are UTC: no TZID parameter')
})

Deno.test('each item is one VEVENT with its UID, UTC times, summary, course link and modification time', () => {
  const { events } = parse(renderCalendar(feed, site))
  assert.equal(events.length, 3)
  const [study, live, deadline] = events
  assert.equal(study!.get('UID'), '11111111-1111-4111-8111-111111111111@summit')
  assert.equal(study!.get('DTSTART'), '20261201T180000Z')
  assert.equal(study!.get('DTEND'), '20261201T184500Z')
  assert.equal(study!.get('SUMMARY'), 'Study: Watercolour\\, basics')
  assert.equal(study!.get('DESCRIPTION'), 'Course: Watercolour\\, basics\\nhttps://summit.example/courses/watercolour')
  assert.equal(study!.get('URL;VALUE=URI'), 'https://summit.example/courses/watercolour')
  assert.equal(study!.get('LOCATION'), undefined)
  assert.equal(study!.get('DTSTAMP'), '20261120T090000Z')
  assert.equal(study!.get('LAST-MODIFIED'), '20261120T090000Z')

  assert.equal(live!.get('UID'), '22222222-2222-4222-8222-222222222222@summit')
  assert.equal(live!.get('DTSTART'), '20261202T160000Z', 'offsets are converted to UTC')
  assert.equal(live!.get('DTEND'), '20261202T170000Z')
  assert.equal(live!.get('LOCATION'), 'https://meet.example/abc')
  assert.equal(live!.get('URL;VALUE=URI'), 'https://meet.example/abc')
  assert.match(live!.get('DESCRIPTION')!, /\\nJoin: https:\/\/meet\.example\/abc$/)

  assert.equal(deadline!.get('DTSTART'), '20261205T235900Z')
  assert.equal(deadline!.get('DTEND'), '20261205T235900Z', 'a deadline is a moment')
  assert.equal(deadline!.get('TRANSP'), 'TRANSPARENT')
  assert.equal(deadline!.get('LOCATION'), undefined)
})

Deno.test('the same items render the same text, so a refetch changes nothing', () => {
  assert.equal(renderCalendar(feed, site), renderCalendar(structuredClone(feed), site))
})

Deno.test('an empty feed is a valid, empty calendar', () => {
  const { lines, events } = parse(renderCalendar({ time_zone: 'UTC', items: [] }, site))
  assert.equal(events.length, 0)
  assert(lines.includes('X-WR-TIMEZONE:UTC'))
})

Deno.test('feedSchema accepts what calendar_feed answers and refuses another shape', () => {
  assert.deepEqual(feedSchema.parse(feed), feed)
  assert.throws(() => feedSchema.parse({ items: [] }))
  assert.throws(() => feedSchema.parse({ time_zone: 'UTC', items: [{ ...feed.items[0], kind: 'party' }] }))
})
