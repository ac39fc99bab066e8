// Unit tests of the asker's email: the subject names the answerer, lesson and course; the school heads it; the text
// quotes the question and answer as typed; the HTML escapes both and renders the answer's markdown safely; the lesson
// link is a button and written out; a long question is cut.
import assert from 'node:assert/strict'
import { escapeHtml } from '../_shared/mail/mod.ts'
import { composeEmail, lessonUrl, QUESTION_EXCERPT_CHARS } from './email.ts'
import type { AnswerEmail } from './schema.ts'

const content: AnswerEmail & { to: string } = {
  to: 'ada@example.com',
  asker_name: 'Ada Asker',
  answerer_name: 'Ian Instructor',
  is_instructor: true,
  course_title: 'Web Accessibility Basics',
  course_slug: 'web-accessibility-basics',
  lesson_id: 'e0000000-0000-4000-8000-000000001002',
  lesson_title: 'Who uses assistive technology',
  question: 'Is a skip link still needed?',
  answer: 'Yes: a **skip link** helps.\n\nSee <nav>.',
}
const site = 'http://127.0.0.1:5173'
const link = 'http://127.0.0.1:5173/learn/web-accessibility-basics/e0000000-0000-4000-8000-000000001002'

Deno.test('the lesson link is the player’s route on the site', () => {
  assert.equal(lessonUrl(site, content), link)
  assert.equal(
    lessonUrl('https://summit.example', { course_slug: 'a b', lesson_id: '1/2' }),
    'https://summit.example/learn/a%20b/1%2F2',
  )
})

Deno.test('subject, text and HTML say who answered what, where, with the link', () => {
  const email = composeEmail(content, site)
  assert.equal(email.to, 'ada@example.com')
  assert.equal(
    email.subject,
    'Ian Instructor answered your question in Who uses assistive technology — Web Accessibility Basics',
  )
  assert.ok(email.text.includes('\nHi Ada Asker,\n\nIan Instructor (instructor) answered your question in'))
  assert.ok(email.text.includes('You asked:\n> Is a skip link still needed?\n'))
  assert.ok(email.text.includes('Ian Instructor answered:\n> Yes: a **skip link** helps.\n>\n> See <nav>.\n'))
  assert.ok(email.text.includes(`Read it in the lesson: ${link}`))
  assert.equal([...email.html.matchAll(new RegExp(`<a href="${link}"`, 'g'))].length, 2, 'a button and the link')
  assert.ok(
    email.html.includes('Yes: a <strong>skip link</strong> helps.</p>\n<p style="margin:0 0 16px">See &lt;nav&gt;.'),
  )
  assert.ok(!email.html.includes('<nav>'))
  assert.ok(email.text.includes('You get this email because you asked a question in Web Accessibility Basics.'))
})

Deno.test('the school of the course heads the email; Summit without one', () => {
  const email = composeEmail(content, site, { name: 'Summit Academy <Labs>' })
  assert.ok(email.text.startsWith('Summit Academy <Labs>\n'))
  assert.ok(email.html.includes('Summit Academy &lt;Labs&gt;</td>'))
  assert.ok(composeEmail(content, site).text.startsWith('Summit\n'))
})

Deno.test('a learner’s answer is not marked instructor', () => {
  const email = composeEmail({ ...content, is_instructor: false }, site)
  assert.ok(!email.text.includes('(instructor)'))
  assert.ok(!email.html.includes('(instructor)'))
})

Deno.test('names and titles lose line breaks, so the subject stays one header line', () => {
  const email = composeEmail({ ...content, answerer_name: 'Eve\r\nBcc: x@example.com', lesson_title: 'A\n\nB' }, site)
  assert.equal(email.subject, 'Eve Bcc: x@example.com answered your question in A B — Web Accessibility Basics')
})

Deno.test('markup in names and titles is escaped in the HTML', () => {
  const email = composeEmail({ ...content, answerer_name: '<img src=x onerror=alert(1)>', course_title: '"Q&A"' }, site)
  assert.ok(!email.html.includes('<img'))
  assert.ok(email.html.includes('&lt;img src=x onerror=alert(1)&gt;'))
  assert.ok(email.html.includes('&quot;Q&amp;A&quot;'))
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
})

Deno.test('a long question is cut with an ellipsis; the answer is quoted whole', () => {
  const question = 'q'.repeat(QUESTION_EXCERPT_CHARS + 50)
  const answer = 'a'.repeat(4000)
  const email = composeEmail({ ...content, question, answer }, site)
  assert.ok(email.text.includes(`> ${'q'.repeat(QUESTION_EXCERPT_CHARS)}…\n`))
  assert.ok(email.text.includes(`> ${answer}\n`))
})

Deno.test("with the asker's unsubscribe link: the footer link and the one-click headers", () => {
  const url = 'https://api.summit.example/functions/v1/unsubscribe?token=v1.x.answer.sig'
  const email = composeEmail(content, site, undefined, url)
  assert.equal(email.headers['List-Unsubscribe'], `<${url}>`)
  assert.equal(email.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click')
  assert.ok(email.text.includes(`Unsubscribe: ${url}`))
})
