// The announcement email, in the functions' one mail layout (../_shared/mail): the school named, the announcement's
// title as subject and heading, its markdown rendered safely (escaped first) in HTML and as written in the text part,
// a link to the course page's announcements, why the reader got it, and the one-click unsubscribe link.
import { type EmailSchool, oneLine, type RenderedEmail, renderEmail } from '../_shared/mail/mod.ts'
import type { AnnouncementEmail } from './schema.ts'

export function courseAnnouncementsUrl(site: string, courseSlug: string): string {
  return new URL(`/courses/${encodeURIComponent(courseSlug)}#announcements`, site).href
}

export function composeAnnouncementEmail(
  content: AnnouncementEmail,
  options: { site: string; school?: EmailSchool; unsubscribeUrl: string },
): RenderedEmail {
  const course = oneLine(content.course_title)
  const title = oneLine(content.title)
  const audience = content.cohort_name ? `the ${oneLine(content.cohort_name)} cohort of ${course}` : course
  const from = options.school ? `${oneLine(options.school.name)} posted` : 'Your instructor posted'
  return renderEmail({
    to: content.email,
    subject: `${title} — ${course}`,
    school: options.school,
    heading: title,
    body: [`${from} an announcement in ${course}.`, { markdown: content.body_md }],
    action: { label: 'Open the course', url: courseAnnouncementsUrl(options.site, content.course_slug) },
    reason: `You get this email because you are a learner in ${audience} and announcement emails are on.`,
    unsubscribeUrl: options.unsubscribeUrl,
  })
}
