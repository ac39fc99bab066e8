// The reminder emails, in the functions' one mail layout (../_shared/mail): a study session about to start, a live
// session or a deadline a day away, a streak at risk tonight, and the instructors' Monday digest. Each names the
// school and course it is about, says when in the reader's own time zone, links into the web app, says in its footer
// why the reader got it, and carries the one-click unsubscribe link of its kind (List-Unsubscribe headers included).
import { type EmailSchool, oneLine, type RenderedEmail, renderEmail } from '../_shared/mail/mod.ts'
import type { ClaimedReminder, DigestCourse } from './schema.ts'

/** What composing needs besides the claimed row: the web app's origin and the unsubscribe link of the row's kind. */
export interface ComposeContext {
  site: string
  unsubscribeUrl: string
}

/** "Wednesday 2 December at 09:10" in the zone (UTC when the zone is unknown). */
export function localMoment(iso: string, timeZone: string): string {
  const at = new Date(iso)
  let format: Intl.DateTimeFormat
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
  } catch {
    return localMoment(iso, 'UTC')
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(at).find((p) => p.type === type)?.value
  return `${part('weekday')} ${part('day')} ${part('month')} at ${part('hour')}:${part('minute')}`
}

/** "09:10" in the zone. */
function localTime(iso: string, timeZone: string): string {
  return localMoment(iso, timeZone).split(' at ')[1] ?? ''
}

export function appUrl(site: string, path: string): string {
  return new URL(path, site).href
}

function courseUrl(site: string, slug: string): string {
  return appUrl(site, `/courses/${encodeURIComponent(slug)}`)
}

function schoolOf(payload: { school_name: string; school_accent?: string | null }): EmailSchool {
  return { name: payload.school_name, accentColor: payload.school_accent ?? null }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export function composeReminder(row: ClaimedReminder & { email: string }, context: ComposeContext): RenderedEmail {
  const name = oneLine(row.display_name)
  const greeting = `Hi ${name},`
  const common = { to: row.email, unsubscribeUrl: context.unsubscribeUrl }
  switch (row.reminder) {
    case 'study_session': {
      const p = row.payload
      const course = oneLine(p.course_title)
      return renderEmail({
        ...common,
        subject: `Your study session for ${course} starts at ${localTime(p.starts_at, p.time_zone)}`,
        school: schoolOf(p),
        heading: `Time to study ${course}`,
        body: [
          greeting,
          `Your planned study session for ${course} starts on ${
            localMoment(p.starts_at, p.time_zone)
          } (${p.time_zone}) and lasts ${plural(p.minutes, 'minute', 'minutes')}.`,
        ],
        action: { label: 'Open the course', url: courseUrl(context.site, p.course_slug) },
        reason:
          `You get this email because you planned study sessions for ${course}: a reminder 15 minutes before each one.`,
      })
    }
    case 'event':
    case 'deadline': {
      const p = row.payload
      const course = oneLine(p.course_title)
      const title = oneLine(p.title)
      const when = `${localMoment(p.starts_at, p.time_zone)} (${p.time_zone})`
      const live = row.reminder === 'event'
      return renderEmail({
        ...common,
        subject: live ? `Live session tomorrow: ${title} — ${course}` : `Deadline tomorrow: ${title} — ${course}`,
        school: schoolOf(p),
        heading: live ? `${title} starts soon` : `${title} is due soon`,
        body: [
          greeting,
          live
            ? `The live session "${title}" of ${course} starts on ${when}.`
            : `The deadline "${title}" of ${course} is on ${when}.`,
          ...(live && p.join_url ? ['Join it from the button below when it starts.'] : []),
        ],
        action: live && p.join_url ? { label: 'Join the live session', url: p.join_url } : {
          label: live ? 'Open your calendar' : 'Open the course',
          url: live ? appUrl(context.site, '/calendar') : courseUrl(context.site, p.course_slug),
        },
        reason:
          `You get this email because you are enrolled in ${course}: a reminder the day before each live session and deadline.`,
      })
    }
    case 'streak': {
      const days = row.payload.streak_days
      return renderEmail({
        ...common,
        subject: `Your ${days}-day streak ends tonight`,
        heading: `Keep your ${days}-day streak`,
        body: [
          greeting,
          `You have studied ${
            plural(days, 'day', 'days')
          } in a row. Study for 5 minutes or complete a lesson before midnight to keep your streak going.`,
        ],
        action: { label: 'Continue learning', url: appUrl(context.site, '/') },
        reason: 'You get this email because you have a study streak: at most one reminder a day, in the evening.',
      })
    }
    case 'digest': {
      const courses = row.payload.courses
      const total = (pick: (c: DigestCourse) => number) => courses.reduce((sum, c) => sum + pick(c), 0)
      const schools = new Set(courses.map((c) => c.school_name))
      const [first] = courses
      return renderEmail({
        ...common,
        subject: `Your week: ${plural(total((c) => c.new_enrollments), 'new enrollment', 'new enrollments')}, ${
          plural(total((c) => c.unanswered), 'question', 'questions')
        } waiting, ${plural(total((c) => c.at_risk), 'learner', 'learners')} at risk`,
        school: schools.size === 1 && first ? schoolOf(first) : undefined,
        heading: 'Your courses this week',
        body: [
          greeting,
          'Here is what happened in the courses you teach over the last 7 days.',
          ...courses.map(courseLine),
        ],
        action: { label: 'Open the studio', url: appUrl(context.site, '/studio') },
        reason: `You get this email because you teach ${
          courses.map((c) => oneLine(c.course_title)).join(', ')
        }: a digest every Monday morning.`,
      })
    }
  }
}

function courseLine(c: DigestCourse): string {
  const atRisk = c.at_risk === 0
    ? 'no learner at risk'
    : `${plural(c.at_risk, 'learner', 'learners')} at risk (no activity for 7 days${
      c.at_risk_names.length
        ? `: ${c.at_risk_names.map(oneLine).join(', ')}${c.at_risk > c.at_risk_names.length ? ', …' : ''}`
        : ''
    })`
  return `${oneLine(c.course_title)} (${oneLine(c.school_name)}): ${
    plural(c.new_enrollments, 'new enrollment', 'new enrollments')
  }, ${plural(c.unanswered, 'question', 'questions')} waiting for an instructor's answer, ${atRisk}.`
}
