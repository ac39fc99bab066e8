// safeRedirect: only same-origin paths survive, so sign-in cannot bounce a learner to another site.
import { describe, expect, it } from 'vitest'
import { redirectSearchSchema, safeRedirect } from './redirect'

const origin = 'http://127.0.0.1:5173'

describe('safeRedirect', () => {
  it('keeps same-origin paths with their search and hash', () => {
    expect(safeRedirect('/courses/sql?tab=outline#s2', origin)).toBe('/courses/sql?tab=outline#s2')
  })

  it.each(['https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com', 'javascript:alert(1)', ''])(
    'replaces %j with the home page',
    (value) => {
      expect(safeRedirect(value, origin)).toBe('/')
    },
  )

  it('does not send a signed-in user back to an auth page', () => {
    expect(safeRedirect('/auth/sign-in?redirect=/x', origin)).toBe('/')
  })
})

describe('redirectSearchSchema', () => {
  it('drops a foreign or malformed redirect instead of failing the route', () => {
    expect(redirectSearchSchema.parse({ redirect: 'https://evil.example.com' })).toEqual({ redirect: undefined })
    expect(redirectSearchSchema.parse({ redirect: 42 })).toEqual({ redirect: undefined })
    expect(redirectSearchSchema.parse({ redirect: '/account' })).toEqual({ redirect: '/account' })
  })
})
