// The logo's uploader (its crop frame, checks and upload) loads in a chunk of its own. The school page's route
// starts loading it with the page (`preload()` in its loader), so it arrives with the page's own code rather than
// after it; meanwhile a placeholder of its shape (the logo, the button, the hint) holds its place, so what is below it
// does not move when it arrives.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { Skeleton } from '@/components/ui/skeleton'
import { coverRules } from '../../cover/lib/cover-rules'

export const LazyLogoUpload = lazyPreloaded(
  () => import('./logo-upload').then((module) => module.LogoUpload),
  <div role="status" aria-label="Loading the logo" className="flex flex-col gap-3">
    <Skeleton className="size-32 rounded-lg" />
    <Skeleton className="h-10 w-40" />
    <p className="text-sm text-slate-600">{coverRules.logoHint}</p>
  </div>,
)
