import { describe, expect, it } from 'vitest'
import { languageLabel } from './format'

describe('languageLabel', () => {
  it('names languages and falls back to the code', () => {
    expect(languageLabel('en', 'en')).toBe('English')
    expect(languageLabel('en-GB', 'en')).toBe('British English')
    expect(languageLabel('not a code', 'en')).toBe('not a code')
  })
})
