import { describe, expect, it } from 'vitest'
import { presenceKey } from './use-live-course'

describe('presenceKey', () => {
  const course = 'c0000000-0000-4000-8000-000000000001'
  const user = 'a0000000-0000-4000-8000-000000000003'

  it('is the same for a learner in every tab, so they are counted once', async () => {
    expect(await presenceKey(course, user)).toBe(await presenceKey(course, user))
  })

  it('is 32 hex characters that do not carry the user id', async () => {
    const key = await presenceKey(course, user)
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(key).not.toContain(user.replaceAll('-', '').slice(0, 8))
  })

  it('differs between learners and between courses', async () => {
    const other = 'a0000000-0000-4000-8000-000000000004'
    const keys = new Set([
      await presenceKey(course, user),
      await presenceKey(course, other),
      await presenceKey('c0000000-0000-4000-8000-000000000002', user),
    ])
    expect(keys.size).toBe(3)
  })
})
