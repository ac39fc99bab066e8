// Ticks and progress from the learner's other tabs and devices arrive while the course page is open.
import { useProgressSync } from '@/features/learn/use-progress-sync'

export function LiveProgress({ slug }: { slug: string }) {
  useProgressSync(slug)
  return null
}
