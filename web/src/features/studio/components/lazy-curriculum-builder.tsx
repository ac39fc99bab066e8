// The curriculum builder and its drag and drop (@dnd-kit) load in a chunk of their own: the course editor's first
// screen is its title and details. The editor's route starts loading the chunk with the page (`preload()` in its
// loader), so it arrives with the page's own code rather than after it.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { Skeleton } from '@/components/ui/skeleton'

export const LazyCurriculumBuilder = lazyPreloaded(
  () => import('./curriculum-builder').then((module) => module.CurriculumBuilder),
  <Skeleton className="h-32 w-full" />,
)
