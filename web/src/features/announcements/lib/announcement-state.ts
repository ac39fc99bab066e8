// Where an announcement stands, as the studio shows it, and the sentence for a refusal from the database (its own
// codes carry their own messages, which say more than the app's generic ones).
import { errorCode, errorMessage } from '@/lib/errors'
import type { Announcement } from '../api/announcements.api'

export type AnnouncementState = 'sent' | 'scheduled' | 'deleted'

export function announcementState(announcement: Pick<Announcement, 'sent_at' | 'deleted_at'>): AnnouncementState {
  if (announcement.deleted_at) return 'deleted'
  return announcement.sent_at ? 'sent' : 'scheduled'
}

const ownMessages = new Set(['rate_limited', 'announcement_sent', 'announcement_deleted'])

export function announcementErrorMessage(error: unknown): string {
  const code = errorCode(error)
  if (code && ownMessages.has(code) && typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  return errorMessage(error)
}
