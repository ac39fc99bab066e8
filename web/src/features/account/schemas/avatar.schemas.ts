// The avatars bucket's rules (supabase/config.toml [storage.buckets.avatars]), checked in the
// browser before uploading so a wrong file gets a clear message without a round trip.
export const avatarRules = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'],
  tooBig: 'This picture is larger than 2 MB. Choose a smaller one.',
  wrongType: 'Choose a picture in PNG, JPEG, WebP, AVIF or GIF format.',
  empty: 'This file is empty. Choose another picture.',
  /** Under the uploader, and under its placeholder while it loads. */
  hint: 'PNG, JPEG, WebP, AVIF or GIF, up to 2 MB.',
} as const

/** Null when the file may be uploaded, else the sentence to show. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(avatarRules.types as readonly string[]).includes(file.type)) return avatarRules.wrongType
  if (file.size === 0) return avatarRules.empty
  if (file.size > avatarRules.maxBytes) return avatarRules.tooBig
  return null
}
