// Avatar file names and client-side checks mirror the avatars bucket (PRODUCT.md §3, §5).
import { describe, expect, it } from 'vitest'
import { checkAvatarFile } from '../schemas/avatar.schemas'
import { avatarPath, sanitizeFileName } from './avatar-upload'

describe('sanitizeFileName', () => {
  it('keeps a safe lower-case name and extension', () => {
    expect(sanitizeFileName('My Photo (1).PNG')).toBe('my-photo-1.png')
    expect(sanitizeFileName('Café déjà vu.jpeg')).toBe('cafe-deja-vu.jpeg')
  })

  it('never lets a name climb out of the user folder or come out empty', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd')
    expect(sanitizeFileName('???.png')).toBe('avatar.png')
    expect(avatarPath('user-1', '../x.png')).toBe('user-1/x.png')
  })
})

describe('checkAvatarFile', () => {
  it('accepts images up to 2 MiB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull()
  })

  it('refuses larger files, other types and empty files with a sentence', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toMatch(/larger than 2 MB/)
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toMatch(/PNG, JPEG, WebP, AVIF or GIF/)
    expect(checkAvatarFile({ type: 'image/png', size: 0 })).toMatch(/empty/)
  })
})
