// A school's accent colour as pages show it: which text colour is set on the accent (white, or Summit's dark text).
// The rule that picks it, and the studio's live check of a colour, are in accent-rules.ts: a course page or a school
// page needs only the two colours.

/** Summit's dark text (Tailwind slate-900 as the database writes it): set on light accents. */
export const darkText = '#0f172a'
export const whiteText = '#ffffff'

export type AccentText = 'white' | 'dark'

/** The CSS colours of text on the accent, for inline styles. */
export function accentTextHex(text: AccentText): string {
  return text === 'white' ? whiteText : darkText
}
