// The profile picture's uploader (its checks, upload and progress) loads in a chunk of its own. The /account route's
// loader starts loading it with the page (`preload()`), so it arrives with the page's own code rather than after it;
// meanwhile a placeholder of its shape holds the picture's place (the picture, the hint under it, the empty status
// line), so the profile form below it does not move when the uploader arrives.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { Skeleton } from '@/components/ui/skeleton'
import { avatarRules } from '../schemas/avatar.schemas'

export const LazyAvatarUploader = lazyPreloaded(
  () => import('./avatar-uploader').then((module) => module.AvatarUploader),
  <div role="status" aria-label="Loading the profile picture" className="flex flex-col gap-4">
    <Skeleton className="size-20 rounded-full" />
    <p className="text-sm text-slate-600">{avatarRules.hint}</p>
    <div />
  </div>,
)
