// Unit tests of the announcement email: subject and heading from the title, the school named, the markdown rendered
// safely (a script stays text), the course link, the reason in the footer and the one-click unsubscribe headers.
import * as assert from 'node:assert/strict'
import { composeAnnouncementEmail, courseAnnouncementsUrl } from './email.ts'

const content = {
  announcement_id: '3f1e2d4c-5b6a-4789-9abc-def012345678',
  user_id: '00000000-0000-4000-8000-000000000001',
  email: 'lena@example.com',
  display_name: 'Lena',
  title: 'Week 2 is open',
  body_md: 'Start with **Deep dive**. <script>alert(1)</script>',
  course_id: '00000000-0000-4000-8000-000000000002',
  course_slug: 'alpine-basics',
  course_title: 'Alpine Basics',
  cohort_name: null,
}
const unsubscribeUrl = 'https://api.summit.example/functions/v1/unsubscribe?token=v1.x.announcement.sig'

Deno.test('the email names the school and course, renders the markdown safely and links the course', () => {
  const email = composeAnnouncementEmail(content, {
    site: 'https://summit.example',
    school: { name: 'Alpine Academy' },
    unsubscribeUrl,
  })
  assert.equal(email.to, 'lena@example.com')
  assert.equal(email.subject, 'Week 2 is open — Alpine Basics')
  assert.ok(email.html.includes('<strong>Deep dive</strong>'))
  assert.ok(!email.html.includes('<script>'))
  assert.ok(email.html.includes('Alpine Academy'))
  assert.ok(email.html.includes('https://summit.example/courses/alpine-basics#announcements'))
  assert.ok(email.text.includes('Alpine Academy posted an announcement in Alpine Basics.'))
  assert.ok(email.text.includes('You get this email because you are a learner in Alpine Basics'))
  assert.equal(email.headers['List-Unsubscribe'], `<${unsubscribeUrl}>`)
  assert.equal(email.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click')
})

Deno.test('a cohort announcement says which cohort; without a school it speaks for the instructor', () => {
  const email = composeAnnouncementEmail({ ...content, cohort_name: 'Spring' }, {
    site: 'https://summit.example',
    unsubscribeUrl,
  })
  assert.ok(email.text.includes('Your instructor posted an announcement in Alpine Basics.'))
  assert.ok(email.text.includes('a learner in the Spring cohort of Alpine Basics'))
})

Deno.test('the course link escapes the slug', () => {
  assert.equal(
    courseAnnouncementsUrl('https://summit.example', 'a b'),
    'https://summit.example/courses/a%20b#announcements',
  )
})
