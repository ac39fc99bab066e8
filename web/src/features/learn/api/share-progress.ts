// This tab's saved progress, handed at once to the learner's other tabs of this browser: the database broadcasts a
// position at most every 5 s per lesson, and the tabs of one browser need not wait for it.
import { accountChannel, shareWithTabs } from '@/lib/realtime-share'
import type { SavedLessonProgress } from '../schemas/progress.schema'

export function shareProgress(userId: string | undefined, progress: SavedLessonProgress): void {
  if (userId) shareWithTabs(userId, accountChannel(userId), { kind: 'broadcast', event: 'progress', payload: progress })
}
