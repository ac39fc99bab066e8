// Unit tests of projectRelative: signed URLs are answered without the origin the function reached the API at.
import assert from 'node:assert/strict'
import { projectRelative } from './storage-url.ts'

Deno.test('a signed URL loses its origin and keeps its path and token', () => {
  assert.equal(
    projectRelative('http://kong:8000/storage/v1/object/sign/course-media/c/l/intro.mp4?token=abc.def'),
    '/storage/v1/object/sign/course-media/c/l/intro.mp4?token=abc.def',
  )
})

Deno.test('an escaped path stays escaped, so resolving it against the project URL gives the same object', () => {
  const relative = projectRelative('https://x.supabase.co/storage/v1/object/sign/course-media/a%20b.vtt?token=t')
  assert.equal(relative, '/storage/v1/object/sign/course-media/a%20b.vtt?token=t')
  assert.equal(new URL(relative, 'http://127.0.0.1:54321').pathname, '/storage/v1/object/sign/course-media/a%20b.vtt')
})
