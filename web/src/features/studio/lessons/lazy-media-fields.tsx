// The lesson editor's file fields (video and its resumable upload, captions, attachments) load in one chunk of their
// own (media-fields.tsx): the editor's first screen is the lesson's settings and text. The route's loader starts
// loading the chunk with the page (`preloadMediaFields`), so it arrives with the page's own code rather than after it.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'

const fields = () => import('./media-fields')
const placeholder = (what: string) => <LoadingBlocks label={`Loading the ${what}`} blocks={['h-24 w-full']} />

export const LazyVideoUploadField = lazyPreloaded(() => fields().then((m) => m.VideoUploadField), placeholder('video'))
export const LazyCaptionsField = lazyPreloaded(() => fields().then((m) => m.CaptionsField), placeholder('captions'))
export const LazyAttachmentsField = lazyPreloaded(
  () => fields().then((m) => m.AttachmentsField),
  placeholder('attachments'),
)

/** Starts loading the three fields' chunk. */
export const preloadMediaFields = LazyAttachmentsField.preload
