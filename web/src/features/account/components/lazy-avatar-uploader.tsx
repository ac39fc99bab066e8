// The profile picture's uploader (its checks, upload and progress) loads in a chunk of its own. The /account route's
// loader starts loading it with the page (`preload()`), so it arrives with the page's own code rather than after it;
// meanwhile a placeholder holds the picture's place.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { Skeleton } from '@/components/ui/skeleton'

export const LazyAvatarUploader = lazyPreloaded(
  () => import('./avatar-uploader').then((module) => module.AvatarUploader),
  <div className="flex items-center gap-4">
    <Skeleton className="size-20 rounded-full" />
    <Skeleton className="h-11 w-40" />
  </div>,
)
