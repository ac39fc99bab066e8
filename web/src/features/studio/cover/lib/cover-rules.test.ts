// Tests of the cover file rules (the bucket's types and 5 MiB limit) and of the object path under the course.
import { describe, expect, it } from 'vitest'
import { coverFileProblem, coverObjectPath, coverRules } from './cover-rules'

describe('coverFileProblem', () => {
  it('accepts the bucket image types up to 5 MiB', () => {
    expect(coverFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull()
    expect(coverFileProblem({ type: 'image/webp', size: 1 })).toBeNull()
  })

  it('refuses other types and larger files with a sentence', () => {
    expect(coverFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(coverRules.wrongType)
    expect(coverFileProblem({ type: 'application/pdf', size: 10 })).toBe(coverRules.wrongType)
    expect(coverFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(coverRules.tooBig)
  })
})

describe('coverObjectPath', () => {
  it('puts a fresh name under the course folder', () => {
    const id = '0a7c1a3e-52c2-4d7b-9a57-1c7e8f1f2b3c'
    expect(coverObjectPath(id, 36 ** 3)).toBe(`${id}/cover-1000.jpg`)
    expect(coverObjectPath(id, 1)).not.toBe(coverObjectPath(id, 2))
  })
})
