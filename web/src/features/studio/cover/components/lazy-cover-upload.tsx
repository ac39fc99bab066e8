// The cover's uploader (its crop frame, checks and upload) loads in a chunk of its own. The course editor's route
// starts loading it with the page (`preload()` in its loader), so it arrives with the page's own code rather than
// after it; meanwhile a placeholder of its shape (its label, the picture, the button, the hint) holds its place, so
// what is below it does not move when it arrives.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { coverRules } from '../lib/cover-rules'

export const LazyCoverUpload = lazyPreloaded(
  () => import('./cover-upload').then((module) => module.CoverUpload),
  <LoadingBlocks
    label="Loading the cover"
    blocks={[
      <p className="text-sm font-medium text-slate-900">Cover image</p>,
      'aspect-video w-full max-w-md rounded-lg',
      'h-10 w-40',
      <p className="text-sm text-slate-600">{coverRules.hint}</p>,
    ]}
  />,
)
