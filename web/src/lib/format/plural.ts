// Counts and plurals in the app's English: "1 question", "3 questions", "1,204 learners". The plural category comes
// from Intl.PluralRules, so no sentence hand-picks "s" and none prints "1 questions".
const rules = new Intl.PluralRules('en-US')
const numbers = new Intl.NumberFormat('en-US')

/** The word for a count: pluralWord(1, 'lesson') is "lesson", pluralWord(2, 'lesson') "lessons". */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other
}

/** A count with its word: "1 lesson", "12 lessons", "1,204 learners"; `other` for irregular plurals. */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${formatCount(count)} ${pluralWord(count, one, other)}`
}

/** A number as the app prints counts: grouped ("1,204"). */
export function formatCount(count: number): string {
  return numbers.format(count)
}
