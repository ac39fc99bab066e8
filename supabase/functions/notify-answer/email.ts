// The "your question was answered" email: subject, plain text and HTML from what claim_answer_email returns, with a
// link to the lesson in the web app. Questions and answers are markdown as typed; both parts show them as text
// (escaped in the HTML), so nothing a learner writes becomes markup in someone's mail client.
import type { AnswerEmail } from './schema.ts'

export interface Email {
  to: string
  subject: string
  text: string
  html: string
}

/** A long question is cut in the email; the lesson has it whole. */
export const QUESTION_EXCERPT_CHARS = 600

export function lessonUrl(site: string, content: Pick<AnswerEmail, 'course_slug' | 'lesson_id'>): string {
  const path = `/learn/${encodeURIComponent(content.course_slug)}/${encodeURIComponent(content.lesson_id)}`
  return new URL(path, site).href
}

export function composeEmail(content: AnswerEmail & { to: string }, site: string): Email {
  const url = lessonUrl(site, content)
  const answerer = oneLine(content.answerer_name)
  const asker = oneLine(content.asker_name)
  const lesson = oneLine(content.lesson_title)
  const course = oneLine(content.course_title)
  const role = content.is_instructor ? ' (instructor)' : ''
  const question = excerpt(content.question.trim(), QUESTION_EXCERPT_CHARS)
  const answer = content.answer.trim()
  const text = [
    `Hi ${asker},`,
    '',
    `${answerer}${role} answered your question in "${lesson}" — ${course}.`,
    '',
    'You asked:',
    quote(question),
    '',
    `${answerer} answered:`,
    quote(answer),
    '',
    `Read it in the lesson and reply there: ${url}`,
    '',
    `You get this email because you asked a question in ${course}.`,
    '',
  ].join('\n')
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subjectOf(answerer, lesson, course))}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;max-width:36rem">
<p>Hi ${escapeHtml(asker)},</p>
<p><strong>${escapeHtml(answerer)}</strong>${escapeHtml(role)} answered your question in
<strong>${escapeHtml(lesson)}</strong> — ${escapeHtml(course)}.</p>
<p style="margin-bottom:4px;color:#475569">You asked:</p>
${block(question)}
<p style="margin-bottom:4px;color:#475569">${escapeHtml(answerer)} answered:</p>
${block(answer)}
<p><a href="${escapeHtml(url)}" style="color:#0f766e;font-weight:600">Read it in the lesson</a></p>
<p style="color:#64748b;font-size:13px">Or open ${escapeHtml(url)}<br>
You get this email because you asked a question in ${escapeHtml(course)}.</p>
</body></html>
`
  return { to: content.to, subject: subjectOf(answerer, lesson, course), text, html }
}

function subjectOf(answerer: string, lesson: string, course: string): string {
  return `${answerer} answered your question in ${lesson} — ${course}`
}

/** Names and titles go into headers and single lines: no line breaks, no runs of spaces. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function excerpt(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`
}

function quote(text: string): string {
  return text.split(/\r?\n/).map((line) => (line === '' ? '>' : `> ${line}`)).join('\n')
}

function block(text: string): string {
  return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #cbd5e1;white-space:pre-wrap">${
    escapeHtml(text)
  }</blockquote>`
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c)
}
