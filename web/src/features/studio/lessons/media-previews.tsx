// Previews of a lesson's stored media in the editor, from a signed URL of the private bucket: the video in a player
// (metadata only until played) and the captions' first cues, so the author sees what learners will get.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { firstCues } from './captions-cues'
import { signedMediaUrl } from './lesson-media.api'

const mediaUrl = (path: string) =>
  queryOptions({
    queryKey: ['studio', 'lesson-media-url', path],
    queryFn: () => signedMediaUrl(supabase, path),
    // The URL is good for an hour; a fresh one well before it ends.
    staleTime: 30 * 60_000,
  })

const captionsCues = (path: string, version: number) =>
  queryOptions({
    queryKey: ['studio', 'lesson-captions-preview', path, version],
    queryFn: async () => {
      const response = await fetch(await signedMediaUrl(supabase, path))
      if (!response.ok) throw new Error(`The captions file answered ${response.status}.`)
      return firstCues(await response.text())
    },
  })

/** The stored video, with its captions when the lesson has them. */
export function VideoPreview({ path, captionsPath }: { path: string; captionsPath: string | null }) {
  const url = useQuery(mediaUrl(path))
  const captions = useQuery({ ...mediaUrl(captionsPath ?? ''), enabled: captionsPath !== null })
  if (url.isPending) return <p className="text-sm text-slate-600">Loading the video’s preview…</p>
  if (url.isError) {
    return <p className="text-sm text-red-700">The video’s preview could not be loaded: {errorMessage(url.error)}</p>
  }
  return (
    // eslint-disable-next-line jsx-a11y-x/media-has-caption -- the captions <track> below is rendered whenever the lesson has a captions file; the rule cannot see a conditional child
    <video
      controls
      preload="metadata"
      crossOrigin="anonymous"
      src={url.data}
      aria-label="Preview of the lesson’s video"
      className="aspect-video w-full max-w-md rounded-lg bg-slate-900"
    >
      {captions.data ? <track kind="captions" src={captions.data} srcLang="en" label="Captions" default /> : null}
    </video>
  )
}

/** `version` changes when a new file is stored at the same path. */
export function CaptionsPreview({ path, version }: { path: string; version: number }) {
  const cues = useQuery(captionsCues(path, version))
  if (cues.isPending) return <p className="text-sm text-slate-600">Loading the captions’ preview…</p>
  if (cues.isError) {
    return <p className="text-sm text-red-700">The captions’ preview could not be loaded: {errorMessage(cues.error)}</p>
  }
  if (cues.data.length === 0) return <p className="text-sm text-slate-700">The captions file has no cues.</p>
  return (
    <ol aria-label="The captions’ first cues" className="flex flex-col gap-1 rounded-md bg-slate-50 p-3 text-sm">
      {cues.data.map((cue) => (
        <li key={cue.start} className="flex gap-3">
          <span className="shrink-0 text-slate-600 tabular-nums">{cue.start}</span>
          <span className="min-w-0 text-slate-900">{cue.text}</span>
        </li>
      ))}
    </ol>
  )
}
