import { describe, expect, it } from 'vitest'
import { darkText } from './accent'
import {
  accentColorProblem,
  accentSentences,
  accentTextColor,
  contrastRatio,
  normalizeHex,
  relativeLuminance,
} from './accent-rules'

describe('contrastRatio', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#0f766e', '#0f766e')).toBe(1)
  })

  it('does not depend on the order of the colours', () => {
    expect(contrastRatio('#ffffff', '#2563eb')).toBeCloseTo(contrastRatio('#2563eb', '#ffffff'), 10)
  })

  it('puts the WCAG threshold between #777777 (4.48:1 on white) and #767676 (4.54:1)', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
  })

  it('measures luminance from 0 (black) to 1 (white)', () => {
    expect(relativeLuminance('#000000')).toBe(0)
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10)
  })
})

describe('accentTextColor', () => {
  it('sets white text on a dark accent and dark text on a light one', () => {
    expect(accentTextColor('#0f766e')).toBe('white')
    expect(accentTextColor('#767676')).toBe('white')
    expect(accentTextColor('#fbbf24')).toBe('dark')
    expect(accentTextColor('#ffffff')).toBe('dark')
  })

  it('gives no text colour where neither reads (pure red, mid grey)', () => {
    expect(accentTextColor('#ff0000')).toBeNull()
    expect(accentTextColor('#777777')).toBeNull()
  })

  it('keeps dark text at 4.5:1 or more wherever it is chosen', () => {
    expect(contrastRatio('#fbbf24', darkText)).toBeGreaterThanOrEqual(4.5)
  })
})

describe('accentColorProblem', () => {
  it('accepts no colour and readable colours', () => {
    expect(accentColorProblem(null)).toBeNull()
    expect(accentColorProblem('')).toBeNull()
    expect(accentColorProblem('#0f766e')).toBeNull()
  })

  it('answers the database’s sentences', () => {
    expect(accentColorProblem('#777777')).toBe(accentSentences.contrast)
    expect(accentColorProblem('teal')).toBe(accentSentences.format)
    expect(accentColorProblem('#0F766E')).toBe(accentSentences.format)
  })
})

describe('normalizeHex', () => {
  it('lowercases, adds the hash and expands three digits', () => {
    expect(normalizeHex(' 0F766E ')).toBe('#0f766e')
    expect(normalizeHex('#ABC')).toBe('#aabbcc')
    expect(normalizeHex('teal')).toBe('teal')
  })
})
