// Slugs for schools and courses (PRODUCT.md §5): a suggestion from a title, and the same rules the database's
// check constraints enforce, so the form can say what is wrong before the server refuses it.
export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const slugMin = 3
export const slugMax = 60

/** A URL-safe slug from a title: accents dropped, lower case, words joined by single dashes, at most 60 characters. */
export function suggestSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  // Cut at the limit, then drop a dash the cut may leave at the end.
  return words.slice(0, slugMax).replace(/-+$/, '')
}

/** Null when the slug is valid, else the sentence the form shows next to the field. */
export function slugProblem(slug: string): string | null {
  if (slug.length < slugMin) return `Use at least ${slugMin} characters.`
  if (slug.length > slugMax) return `Use at most ${slugMax} characters.`
  if (!slugPattern.test(slug)) return 'Use lower-case letters, digits and single dashes between words.'
  return null
}
