// The cover's uploader (its crop frame, checks and upload) loads in a chunk of its own. The course editor's route
// starts loading it with the page (`preload()` in its loader), so it arrives with the page's own code rather than
// after it; meanwhile a placeholder holds its place.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'

export const LazyCoverUpload = lazyPreloaded(
  () => import('./cover-upload').then((module) => module.CoverUpload),
  <LoadingBlocks label="Loading the cover" blocks={['aspect-video w-full max-w-md', 'h-11 w-40']} />,
)
