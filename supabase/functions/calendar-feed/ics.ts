// The feed's iCalendar text (RFC 5545) from calendar_feed(token)'s items: one VEVENT per study session, live session
// and deadline, in UTC, with UIDs that stay the same across fetches so a subscribed calendar updates events in place
// instead of duplicating them. Pure: no request, no database, no clock.
import ical, { ICalEventTransparency } from 'ical-generator'
import { z } from 'zod'

const item = z.object({
  id: z.uuid(),
  kind: z.enum(['study', 'live', 'deadline']),
  title: z.string(),
  course_title: z.string(),
  course_slug: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  join_url: z.string().nullable(),
  updated_at: z.string(),
})

/** What calendar_feed(token) answers for a live token. */
export const feedSchema = z.object({ time_zone: z.string(), items: z.array(item) })

export type Feed = z.infer<typeof feedSchema>
export type FeedItem = z.infer<typeof item>

/** The event's UID: the row's id, so edits and refetches land on the same event. */
export const eventUid = (id: string) => `${id}@summit`

export function coursePage(site: string, slug: string): string {
  return `${site}/courses/${encodeURIComponent(slug)}`
}

function description(entry: FeedItem, site: string): string {
  const lines = [`Course: ${entry.course_title}`, coursePage(site, entry.course_slug)]
  if (entry.join_url) lines.push(`Join: ${entry.join_url}`)
  return lines.join('\n')
}

/** `site` is the web app's origin, for links to the course page. */
export function renderCalendar(feed: Feed, site: string): string {
  const calendar = ical({
    name: 'Summit',
    prodId: { company: 'Summit', product: 'Calendar feed', language: 'EN' },
    // A hint to refetch hourly (REFRESH-INTERVAL, X-PUBLISHED-TTL); apps that ignore it poll on their own schedule.
    ttl: 60 * 60,
  })
  // Times are written in UTC, so no VTIMEZONE is needed; X-WR-TIMEZONE only tells apps which zone to show them in.
  // (ical-generator's own time zone setting would write TZID=… times, which need a VTIMEZONE definition.)
  calendar.x([{ key: 'X-WR-TIMEZONE', value: feed.time_zone }])
  for (const entry of feed.items) {
    const start = new Date(entry.starts_at)
    const updated = new Date(entry.updated_at)
    const link = entry.join_url ?? coursePage(site, entry.course_slug)
    calendar.createEvent({
      id: eventUid(entry.id),
      // Without a METHOD, RFC 5545 §3.8.7.2 makes DTSTAMP the time the event was last revised: the row's
      // updated_at, which also keeps the feed byte-identical between fetches when nothing changed.
      stamp: updated,
      lastModified: updated,
      start,
      // A deadline is a moment: DTEND = DTSTART, a zero-length event. RFC 5545 reads a missing DTEND the same way,
      // but Outlook treats a missing DTEND inconsistently, while Google, Apple and Outlook all show an explicit
      // zero-length event as a marker at the due time (not as all-day, nor as a block of busy time).
      end: entry.ends_at === null ? start : new Date(entry.ends_at),
      summary: entry.title,
      description: description(entry, site),
      url: link,
      location: entry.join_url,
      // A deadline takes no time: it must not make the learner look busy.
      transparency: entry.kind === 'deadline' ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
    })
  }
  return calendar.toString()
}
