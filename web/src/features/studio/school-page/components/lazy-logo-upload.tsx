// The logo's uploader (its crop frame, checks and upload) loads in a chunk of its own. The school page's route
// starts loading it with the page (`preload()` in its loader), so it arrives with the page's own code rather than
// after it; meanwhile a placeholder of its shape (the logo, the button, the hint) holds its place, so what is below it
// does not move when it arrives.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { coverRules } from '../../cover/lib/cover-rules'

export const LazyLogoUpload = lazyPreloaded(
  () => import('./logo-upload').then((module) => module.LogoUpload),
  <LoadingBlocks
    label="Loading the logo"
    blocks={['size-32 rounded-lg', 'h-10 w-40', <p className="text-sm text-slate-600">{coverRules.logoHint}</p>]}
  />,
)
