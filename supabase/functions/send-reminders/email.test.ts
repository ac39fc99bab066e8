// Unit tests of the reminder emails: each names the course and school (escaped in HTML, one line in the subject),
// says when in the reader's zone, links into the web app (a button and the link written out), says in its footer why
// the reader got it, and carries its kind's one-click unsubscribe link and headers; the digest sums the courses.
import assert from 'node:assert/strict'
import { composeReminder, localMoment } from './email.ts'
import type { ClaimedReminder } from './schema.ts'

const site = 'http://127.0.0.1:5173'
const unsubscribeUrl = 'http://127.0.0.1:54321/functions/v1/unsubscribe?token=v1.abc.study_reminder.sig'
const context = { site, unsubscribeUrl }
const recipient = {
  id: 'f0000000-0000-4000-8000-000000000001',
  user_id: 'a0000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  display_name: 'Ada <Learner>',
}
const course = {
  course_id: 'c0000000-0000-4000-8000-000000000001',
  course_slug: 'web-accessibility-basics',
  course_title: 'Web <b>Accessibility</b> & "Basics"',
  school_name: 'Summit <Academy>',
  school_accent: '#7c3aed',
}

function reminder(row: ClaimedReminder) {
  return composeReminder({ ...row, email: row.email ?? 'nobody@example.com' }, context)
}

/** Every <a href> of the HTML, decoded, is an absolute http(s) URL. */
function links(html: string): string[] {
  return [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
}

function assertCommon(email: ReturnType<typeof reminder>, reason: RegExp) {
  assert.equal(email.to, 'ada@example.com')
  assert.ok(!email.subject.includes('\n'))
  for (const link of links(email.html)) assert.match(new URL(link).protocol, /^https?:$/)
  assert.ok(!email.html.includes('<b>Accessibility</b>'), 'a course title is escaped')
  assert.ok(!email.html.includes('Ada <Learner>'), 'a name is escaped')
  assert.ok(email.text.includes('Hi Ada <Learner>,'), 'the text part says the name as written')
  assert.match(email.text, reason)
  assert.ok(email.html.includes(`href="${unsubscribeUrl}"`), 'the footer links to unsubscribe')
  assert.ok(email.text.includes(`Unsubscribe: ${unsubscribeUrl}`))
  assert.deepEqual(email.headers, {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  })
}

Deno.test('a moment reads in the reader’s zone, whatever the server’s', () => {
  assert.equal(localMoment('2026-12-02T00:10:00Z', 'Asia/Tokyo'), 'Wednesday 2 December at 09:10')
  assert.equal(localMoment('2026-12-02T00:10:00Z', 'America/Bogota'), 'Tuesday 1 December at 19:10')
  assert.equal(localMoment('2026-12-02T00:10:00Z', 'Not/A_Zone'), 'Wednesday 2 December at 00:10')
})

Deno.test('a study session: 15 minutes before, in the learner’s zone, with the course and its school', () => {
  const email = reminder({
    ...recipient,
    reminder: 'study_session',
    kind: 'study_reminder',
    payload: {
      ...course,
      starts_at: '2026-12-02T00:10:00Z',
      ends_at: '2026-12-02T00:40:00Z',
      minutes: 30,
      time_zone: 'Asia/Tokyo',
    },
  })
  assertCommon(email, /because you planned study sessions for Web <b>Accessibility<\/b> & "Basics"/)
  assert.equal(email.subject, 'Your study session for Web <b>Accessibility</b> & "Basics" starts at 09:10')
  assert.ok(email.text.startsWith('Summit <Academy>\n'), 'the school heads the email')
  assert.ok(email.html.includes('Summit &lt;Academy&gt;</td>'))
  assert.ok(email.html.includes('border-top:4px solid #7c3aed'), 'in the school’s accent colour')
  assert.ok(email.text.includes('starts on Wednesday 2 December at 09:10 (Asia/Tokyo) and lasts 30 minutes.'))
  assert.ok(email.text.includes(`Open the course: ${site}/courses/web-accessibility-basics`))
  assert.equal(links(email.html).filter((l) => l === `${site}/courses/web-accessibility-basics`).length, 2)
})

Deno.test('a live session: the day before, with its join link as the button', () => {
  const payload = {
    ...course,
    event_kind: 'live' as const,
    title: 'Live Q&A <script>',
    starts_at: '2026-12-03T09:00:00Z',
    ends_at: '2026-12-03T10:00:00Z',
    join_url: 'https://meet.example/qa?x=1&y=2',
    time_zone: 'Europe/Paris',
  }
  const email = reminder({ ...recipient, reminder: 'event', kind: 'event_reminder', payload })
  assertCommon(email, /because you are enrolled in Web <b>Accessibility<\/b> & "Basics"/)
  assert.equal(email.subject, 'Live session tomorrow: Live Q&A <script> — Web <b>Accessibility</b> & "Basics"')
  assert.ok(!email.html.includes('<script>'))
  assert.ok(email.text.includes('starts on Thursday 3 December at 10:00 (Europe/Paris).'))
  assert.ok(links(email.html).includes('https://meet.example/qa?x=1&y=2'))
  assert.ok(email.html.includes('href="https://meet.example/qa?x=1&amp;y=2"'), 'the link is escaped in the attribute')
  const noLink = reminder({
    ...recipient,
    reminder: 'event',
    kind: 'event_reminder',
    payload: { ...payload, join_url: null },
  })
  assert.ok(noLink.text.includes(`Open your calendar: ${site}/calendar`))
})

Deno.test('a deadline: the day before, linking to the course', () => {
  const email = reminder({
    ...recipient,
    reminder: 'deadline',
    kind: 'event_reminder',
    payload: {
      ...course,
      event_kind: 'deadline',
      title: 'Project due',
      starts_at: '2026-12-03T22:59:00Z',
      ends_at: null,
      join_url: null,
      time_zone: 'UTC',
    },
  })
  assertCommon(email, /a reminder the day before each live session and deadline/)
  assert.equal(email.subject, 'Deadline tomorrow: Project due — Web <b>Accessibility</b> & "Basics"')
  assert.ok(
    email.text.includes(
      'The deadline "Project due" of Web <b>Accessibility</b> & "Basics" is on Thursday 3 December at 22:59 (UTC).',
    ),
  )
  assert.ok(email.text.includes(`Open the course: ${site}/courses/web-accessibility-basics`))
})

Deno.test('a streak at risk: Summit speaks, with the streak’s length', () => {
  const email = reminder({
    ...recipient,
    reminder: 'streak',
    kind: 'streak_reminder',
    payload: { streak_days: 12, day: '2026-12-02', time_zone: 'Asia/Tokyo' },
  })
  assertCommon(email, /because you have a study streak: at most one reminder a day/)
  assert.equal(email.subject, 'Your 12-day streak ends tonight')
  assert.ok(email.text.startsWith('Summit\n'))
  assert.ok(email.text.includes('You have studied 12 days in a row.'))
  assert.ok(email.text.includes(`Continue learning: ${site}/`))
})

Deno.test('the weekly digest: totals in the subject, one line per course, names escaped', () => {
  const email = reminder({
    ...recipient,
    reminder: 'digest',
    kind: 'weekly_digest',
    payload: {
      week_of: '2026-11-30',
      time_zone: 'Asia/Kolkata',
      courses: [
        { ...course, at_risk: 2, at_risk_names: ['Aisha <Bello>', 'Ben'], unanswered: 1, new_enrollments: 5 },
        {
          ...course,
          course_id: 'c2',
          course_slug: 'sql',
          course_title: 'SQL',
          at_risk: 0,
          at_risk_names: [],
          unanswered: 0,
          new_enrollments: 1,
        },
      ],
    },
  })
  assertCommon(email, /because you teach Web <b>Accessibility<\/b> & "Basics", SQL: a digest every Monday morning/)
  assert.equal(email.subject, 'Your week: 6 new enrollments, 1 question waiting, 2 learners at risk')
  assert.ok(email.text.startsWith('Summit <Academy>\n'), 'one school: it heads the digest')
  assert.ok(email.text.includes(
    `Web <b>Accessibility</b> & "Basics" (Summit <Academy>): 5 new enrollments, 1 question waiting for an instructor's answer, 2 learners at risk (no activity for 7 days: Aisha <Bello>, Ben).`,
  ))
  assert.ok(
    email.text.includes(
      `SQL (Summit <Academy>): 1 new enrollment, 0 questions waiting for an instructor's answer, no learner at risk.`,
    ),
  )
  assert.ok(email.html.includes('Aisha &lt;Bello&gt;'))
  assert.ok(email.text.includes(`Open the studio: ${site}/studio`))
})
