// A school's accent colour: the WCAG 2.x contrast rule the database holds (private.accent_color_problem in
// supabase/migrations/20261129230000_school_public_page.sql), mirrored for the studio's live check with the same
// sentences, and which text colour (accent.ts) reads on the accent.
import { darkText, whiteText, type AccentText } from './accent'

export const minimumContrast = 4.5
export const aboutMaxLength = 5000

export const accentSentences = {
  format: 'Enter the colour as a hex code such as #0f766e.',
  contrast:
    'Choose a colour with at least 4.5:1 contrast against white or against dark text: this one is hard to read with either.',
  aboutTooLong: 'The about text can be at most 5,000 characters.',
} as const

const hexPattern = /^#[0-9a-f]{6}$/

/** Lowercase #rrggbb from what a person types ("0F766E", "#0f766e ", "#abc"), or the input trimmed when it is none. */
export function normalizeHex(input: string): string {
  const value = input.trim().toLowerCase()
  const withHash = value.startsWith('#') ? value : `#${value}`
  if (/^#[0-9a-f]{3}$/.test(withHash)) return `#${[...withHash.slice(1)].map((c) => c + c).join('')}`
  return hexPattern.test(withHash) ? withHash : value
}

export function isHexColor(value: string): boolean {
  return hexPattern.test(value)
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white), of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** Which text reads on the accent: white, dark, or null when neither has 4.5:1 (no colour has both). */
export function accentTextColor(hex: string): AccentText | null {
  if (!isHexColor(hex)) return null
  if (contrastRatio(hex, whiteText) >= minimumContrast) return 'white'
  if (contrastRatio(hex, darkText) >= minimumContrast) return 'dark'
  return null
}

/** The sentence the database answers for this colour, or null when it is accepted. */
export function accentColorProblem(hex: string | null): string | null {
  if (hex === null || hex === '') return null
  if (!isHexColor(hex)) return accentSentences.format
  return accentTextColor(hex) ? null : accentSentences.contrast
}
