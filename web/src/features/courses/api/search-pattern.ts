// Turns what a visitor typed into the catalog search into a PostgREST `or=(...)` filter over title and subtitle.
// Two layers of escaping: LIKE's own wildcards (% and _ match literally), then PostgREST's quoting of values inside
// `or=()` (commas, parentheses and quotes in a search must not end the value).

/** Escapes LIKE wildcards so `100%` and `snake_case` match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** A double-quoted PostgREST filter value: backslash and quote escaped with a backslash. */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`
}

/**
 * The `or` filter matching courses whose title or subtitle contains the text, ignoring case. PostgREST reads `*`
 * as a wildcard, so asterisks in the text are dropped rather than matching anything. Null for a blank search.
 */
export function titleSearchFilter(text: string): string | null {
  const cleaned = text.replace(/\*/g, ' ').replace(/\s+/g, ' ').trim()
  if (cleaned === '') return null
  const pattern = quoteFilterValue(`%${escapeLike(cleaned)}%`)
  return `title.ilike.${pattern},subtitle.ilike.${pattern}`
}
