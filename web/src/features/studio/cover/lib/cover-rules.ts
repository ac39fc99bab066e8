// What the course-covers bucket accepts (supabase/config.toml: images up to 5 MiB of these types), checked before
// anything is read or sent, with the sentence the editor shows; and where a course's cover is stored.
export const coverRules = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'],
  tooBig: 'This image is larger than 5 MB. Choose a smaller one.',
  wrongType: 'Choose a PNG, JPEG, WebP, AVIF or GIF image.',
  unreadable: 'This image could not be opened. Choose another one.',
  /** Under the uploaders (a course's cover, a school's logo), and under their placeholders while they load. */
  hint: 'PNG, JPEG, WebP, AVIF or GIF, up to 5 MB. Saved at 1280 × 720.',
  logoHint: 'PNG, JPEG, WebP, AVIF or GIF, up to 5 MB. Saved square at 512 × 512.',
} as const

export function coverFileProblem(file: { type: string; size: number }): string | null {
  if (!(coverRules.types as readonly string[]).includes(file.type)) return coverRules.wrongType
  if (file.size > coverRules.maxBytes) return coverRules.tooBig
  return null
}

/**
 * A new object under the course's folder for every upload: the public URL changes with the cover, so browsers and
 * CDNs never show a stale one, and the old object is removed once the course points at the new one.
 */
export function coverObjectPath(courseId: string, now: number = Date.now()): string {
  return `${courseId}/cover-${now.toString(36)}.jpg`
}
