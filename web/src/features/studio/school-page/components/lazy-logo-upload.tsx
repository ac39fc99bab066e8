// The logo's uploader (its crop frame, checks and upload) loads in a chunk of its own. The school page's route
// starts loading it with the page (`preload()` in its loader), so it arrives with the page's own code rather than
// after it; meanwhile a placeholder holds its place.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'

export const LazyLogoUpload = lazyPreloaded(
  () => import('./logo-upload').then((module) => module.LogoUpload),
  <LoadingBlocks label="Loading the logo" blocks={['h-24 w-full']} />,
)
