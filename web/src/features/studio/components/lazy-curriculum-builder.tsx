// The curriculum builder and its drag and drop (@dnd-kit) load in a chunk of their own: the course editor's first
// screen is its title and details. The editor's route starts loading the chunk with the page (`preload()` in its
// loader), so it arrives with the page's own code rather than after it.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'

export const LazyCurriculumBuilder = lazyPreloaded(
  () => import('./curriculum-builder').then((module) => module.CurriculumBuilder),
  <LoadingBlocks label="Loading the curriculum" blocks={['h-32 w-full']} />,
)
