// Character-level helpers for GIFT: finding special characters that are not escaped with a backslash, and turning
// GIFT's escapes (\~ \= \# \{ \} \: \\ and \n) back into the characters they stand for.

/** Index of the first unescaped `needle` at or after `from`, or -1. */
export function findUnescaped(text: string, needle: string, from = 0): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === '\\') {
      index++
      continue
    }
    if (text.startsWith(needle, index)) return index
  }
  return -1
}

/** Splits at every unescaped `separator`, keeping each piece's start offset. */
export function splitUnescaped(text: string, separator: string): { text: string; offset: number }[] {
  const pieces: { text: string; offset: number }[] = []
  let start = 0
  let index = findUnescaped(text, separator)
  while (index !== -1) {
    pieces.push({ text: text.slice(start, index), offset: start })
    start = index + separator.length
    index = findUnescaped(text, separator, start)
  }
  pieces.push({ text: text.slice(start), offset: start })
  return pieces
}

/** Replaces GIFT escapes with their characters; `\n` becomes a line break. */
export function unescapeGift(text: string): string {
  return text.replace(/\\(.)/g, (_match, character: string) => (character === 'n' ? '\n' : character))
}

/** Parses a decimal number written the usual way (no hex, no blanks, no trailing text); null when it is not one. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim()
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return null
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : null
}
