// How long a text lesson takes to read, estimated from its markdown: words at 200 a minute, in whole minutes rounded
// up (a short text is one minute, an empty one none). The editor fills the lesson's duration with it until the
// instructor types a duration of their own.
export const WORDS_PER_MINUTE = 200

/**
 * Words a reader reads: runs of letters or digits ("don't", "e.g", "well-known" are one), so markdown's marks (#, **,
 * -, brackets) and a link's or image's address do not count.
 */
export function countWords(markdown: string): number {
  const text = markdown.replace(/\]\([^)]*\)/g, ']')
  return text.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0
}

export function readingTimeSeconds(markdown: string): number {
  const words = countWords(markdown)
  return words === 0 ? 0 : Math.ceil(words / WORDS_PER_MINUTE) * 60
}

/**
 * Whether the duration on the form is still the estimate (or unset), so a change to the text may update it: a
 * duration the instructor typed themselves stays as they typed it.
 */
export function followsEstimate(duration: string, body: string): boolean {
  const seconds = Number(duration.trim() || '0')
  return seconds === 0 || seconds === readingTimeSeconds(body)
}
