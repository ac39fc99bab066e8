// The "your question was answered" email, in the functions' one mail layout (../_shared/mail): subject, HTML and
// text from what claim_answer_email returns, the school named, and a link to the lesson in the web app. The question
// is quoted as typed, and the asker's one-click unsubscribe link is in the footer and headers; the answer is markdown, rendered safely in HTML (escaped first, so nothing a learner writes
// becomes markup in someone's mail client) and quoted as typed in the text part.
import { type EmailSchool, oneLine, type RenderedEmail, renderEmail } from '../_shared/mail/mod.ts'
import type { AnswerEmail } from './schema.ts'

/** A long question is cut in the email; the lesson has it whole. */
export const QUESTION_EXCERPT_CHARS = 600

export function lessonUrl(site: string, content: Pick<AnswerEmail, 'course_slug' | 'lesson_id'>): string {
  const path = `/learn/${encodeURIComponent(content.course_slug)}/${encodeURIComponent(content.lesson_id)}`
  return new URL(path, site).href
}

export function composeEmail(
  content: AnswerEmail & { to: string },
  site: string,
  school?: EmailSchool,
  unsubscribeUrl?: string,
): RenderedEmail {
  const answerer = oneLine(content.answerer_name)
  const asker = oneLine(content.asker_name)
  const lesson = oneLine(content.lesson_title)
  const course = oneLine(content.course_title)
  const role = content.is_instructor ? ' (instructor)' : ''
  return renderEmail({
    to: content.to,
    subject: `${answerer} answered your question in ${lesson} — ${course}`,
    school,
    heading: `${answerer} answered your question`,
    body: [
      `Hi ${asker},`,
      `${answerer}${role} answered your question in "${lesson}" — ${course}.`,
      { label: 'You asked:', quote: excerpt(content.question.trim(), QUESTION_EXCERPT_CHARS) },
      { label: `${answerer} answered:`, quote: content.answer.trim(), markdown: true },
    ],
    action: { label: 'Read it in the lesson', url: lessonUrl(site, content) },
    reason: `You get this email because you asked a question in ${course}.`,
    unsubscribeUrl,
  })
}

function excerpt(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`
}
