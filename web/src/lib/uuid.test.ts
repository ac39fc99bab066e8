// isUuid: the ids routes accept before asking the API.
import { describe, expect, it } from 'vitest'
import { isUuid } from './uuid'

describe('isUuid', () => {
  it('accepts canonical uuids in either case', () => {
    expect(isUuid('d0000000-0000-4000-8000-000000000001')).toBe(true)
    expect(isUuid('D0000000-0000-4000-8000-00000000000A')).toBe(true)
  })

  it('refuses anything else', () => {
    for (const value of [
      'not-a-lesson',
      '',
      'd0000000-0000-4000-8000-00000000000',
      'd0000000000040008000000000000001x',
    ]) {
      expect(isUuid(value), value).toBe(false)
    }
  })
})
