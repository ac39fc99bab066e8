// The logo's uploader (its crop frame, checks and upload) loads in a chunk of its own. The school page's route
// starts loading it with the page (`preload()` in its loader), so it arrives with the page's own code rather than
// after it; meanwhile a placeholder holds its place.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { Skeleton } from '@/components/ui/skeleton'

export const LazyLogoUpload = lazyPreloaded(
  () => import('./logo-upload').then((module) => module.LogoUpload),
  <Skeleton className="h-24 w-full" />,
)
