// The profile picture's uploader (its checks, upload and progress) loads in a chunk of its own. The /account route's
// loader starts loading it with the page (`preload()`), so it arrives with the page's own code rather than after it;
// meanwhile a placeholder of its shape holds the picture's place (the picture, the hint under it, the empty status
// line), so the profile form below it does not move when the uploader arrives.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { avatarRules } from '../schemas/avatar.schemas'

export const LazyAvatarUploader = lazyPreloaded(
  () => import('./avatar-uploader').then((module) => module.AvatarUploader),
  <LoadingBlocks
    label="Loading the profile picture"
    // The empty last block stands for the uploader's status line, empty until an upload.
    blocks={['size-20 rounded-full', <p className="text-sm text-slate-600">{avatarRules.hint}</p>, null]}
    className="gap-4"
  />,
)
