// The profile picture's uploader (its checks, upload and progress) loads in a chunk of its own. The /account route's
// loader starts loading it with the page (`preload()`), so it arrives with the page's own code rather than after it;
// meanwhile a placeholder holds the picture's place.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'

export const LazyAvatarUploader = lazyPreloaded(
  () => import('./avatar-uploader').then((module) => module.AvatarUploader),
  <LoadingBlocks
    label="Loading the profile picture"
    blocks={['size-20 rounded-full', 'h-11 w-40']}
    className="flex-row items-center gap-4"
  />,
)
