// Uploads an avatar with progress (lib/storage-upload.ts), as the signed-in user: the bucket policy lets a user
// write only under `{user_id}/`, and an upsert replaces an older file. Refusals are worded for the account page.
import { StorageUploadError, uploadWithProgress, type UploadFailure } from '@/lib/storage-upload'
import { avatarRules } from '../schemas/avatar.schemas'

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

/** A storage-safe file name: lower case letters, digits, dots, dashes and underscores only. */
export function sanitizeFileName(name: string): string {
  // Only the last segment: a name can never reach outside the user's folder.
  const base = name.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  const stem = dot > 0 ? base.slice(0, dot) : base
  const extension = dot > 0 ? base.slice(dot + 1) : ''
  const clean = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
  const safeStem = clean(stem).slice(0, 60) || 'avatar'
  const safeExtension = clean(extension).slice(0, 8)
  return safeExtension ? `${safeStem}.${safeExtension}` : safeStem
}

export function avatarPath(userId: string, fileName: string): string {
  return `${userId}/${sanitizeFileName(fileName)}`
}

const messages: Record<UploadFailure, string> = {
  too_big: avatarRules.tooBig,
  wrong_type: avatarRules.wrongType,
  signed_out: 'Your session has ended. Sign in again to upload a picture.',
  forbidden: "You don't have permission to upload this picture.",
  network: 'The upload failed. Check your connection and try again.',
  cancelled: 'The upload was cancelled.',
  other: 'The upload failed. Please try again.',
}

export interface UploadAvatarOptions {
  accessToken: string
  path: string
  file: File
  /** Called with 0-100 as bytes go out. */
  onProgress: (percent: number) => void
  signal?: AbortSignal
}

/** Uploads the avatar (replacing an older one at the path) and answers its path. */
export async function uploadAvatar({
  accessToken,
  path,
  file,
  onProgress,
  signal,
}: UploadAvatarOptions): Promise<string> {
  try {
    await uploadWithProgress({
      accessToken,
      bucket: 'avatars',
      path,
      body: file,
      upsert: true,
      cacheControl: 'max-age=3600',
      onProgress,
      signal,
    })
    return path
  } catch (error) {
    if (error instanceof StorageUploadError) throw new UploadError(messages[error.failure], error.status)
    throw error
  }
}
