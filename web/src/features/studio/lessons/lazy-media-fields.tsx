// The lesson editor's file fields (video and its resumable upload, captions, attachments) load in one chunk of their
// own (media-fields.tsx): the editor's first screen is the lesson's settings and text. The route's loader starts
// loading the chunk with the page (`preloadMediaFields`), so it arrives with the page's own code rather than after it.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { Skeleton } from '@/components/ui/skeleton'

const fields = () => import('./media-fields')
const placeholder = <Skeleton className="h-24 w-full" />

export const LazyVideoUploadField = lazyPreloaded(() => fields().then((m) => m.VideoUploadField), placeholder)
export const LazyCaptionsField = lazyPreloaded(() => fields().then((m) => m.CaptionsField), placeholder)
export const LazyAttachmentsField = lazyPreloaded(() => fields().then((m) => m.AttachmentsField), placeholder)

/** Starts loading the three fields' chunk. */
export const preloadMediaFields = LazyAttachmentsField.preload
