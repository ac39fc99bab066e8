// The lesson editor's file fields (video and its resumable upload, captions, attachments) load in a chunk of their
// own: the editor's first screen is the lesson's settings and text. The route's loader starts loading the chunk with
// the page (`preloadMediaFields`), so it arrives with the page's own code rather than after it.
import type { ComponentType } from 'react'
import { lazyRetrying } from '@/components/lazy-retrying'
import { Skeleton } from '@/components/ui/skeleton'
import type { AttachmentsField, CaptionsField, VideoUploadField } from './media-fields'

const load = () => import('./media-fields')

/** Starts loading the fields' code; a failure is left to the fields, which report it and load again. */
export function preloadMediaFields(): void {
  load().catch(() => undefined)
}

const placeholder = <Skeleton className="h-24 w-full" />

type Lazy<C extends (props: never) => unknown> = ComponentType<Parameters<C>[0]>

export const LazyVideoUploadField: Lazy<typeof VideoUploadField> = lazyRetrying(
  () => load().then((m) => m.VideoUploadField),
  placeholder,
)
export const LazyCaptionsField: Lazy<typeof CaptionsField> = lazyRetrying(
  () => load().then((m) => m.CaptionsField),
  placeholder,
)
export const LazyAttachmentsField: Lazy<typeof AttachmentsField> = lazyRetrying(
  () => load().then((m) => m.AttachmentsField),
  placeholder,
)
