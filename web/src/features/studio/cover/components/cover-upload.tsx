// Cover upload in the course editor's details: the current cover, "Choose image" (the bucket's image types up to
// 5 MB), a crop to the course card's 16:9 in the browser, then the upload with a progress bar; the course then
// points at the new cover (its old file is removed) and the editor's autosave continues from the course's new
// version. Every failure is a sentence; the chosen image and crop stay while the author retries.
import { useId, useRef, useState } from 'react'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { ImageUp } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { retryNetworkOnce, studioKeys } from '../../api/studio.queries'
import type { EditableCourse } from '../../api/course.api'
import { getCoverPath, publicCoverUrl, removeCoverObject, setCoverPath, uploadCover } from '../api/cover.api'
import { sourceRect } from '../lib/crop'
import { coverObjectPath, coverRules } from '../lib/cover-rules'
import { renderCover } from '../lib/render-crop'
import { LazyCoverCropper } from './lazy-cover-cropper'
import { useImageToCrop } from './use-image-to-crop'

const coverKey = (courseId: string) => [...studioKeys.course(courseId), 'cover'] as const

const coverQuery = (courseId: string) =>
  queryOptions({
    queryKey: coverKey(courseId),
    queryFn: () => getCoverPath(supabase, courseId),
    retry: retryNetworkOnce,
  })

export function CoverUpload({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient()
  const cover = useQuery(coverQuery(courseId))
  const { image, crop, setCrop, choose: chooseImage, clear } = useImageToCrop()
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const progressId = useId()

  const choose = async (file: File | undefined) => {
    setError(null)
    setSaved(false)
    if (!file) return
    const problem = await chooseImage(file)
    if (problem) setError(problem)
  }

  const upload = async () => {
    if (!image) return
    setError(null)
    setProgress(0)
    try {
      const { data } = await supabase.auth.getSession()
      if (!data.session) throw new Error('Your session has ended. Sign in again to upload a cover.')
      const blob = await renderCover(image, sourceRect(crop, image.naturalWidth, image.naturalHeight))
      const path = await uploadCover({
        accessToken: data.session.access_token,
        path: coverObjectPath(courseId),
        image: blob,
        onProgress: setProgress,
      })
      const previous = cover.data ?? null
      const row = await setCoverPath(supabase, courseId, path)
      queryClient.setQueryData(coverKey(courseId), row.cover_path)
      // The cover moved the course's version on: the details autosave continues from it instead of reporting a
      // conflict with the author's own change.
      queryClient.setQueryData(studioKeys.details(courseId), (old: EditableCourse | null | undefined) =>
        old ? { ...old, updated_at: row.updated_at } : old,
      )
      if (previous && previous !== path) await removeCoverObject(supabase, previous)
      clear()
      setSaved(true)
    } catch (cause) {
      setError(cause instanceof Error && cause.name === 'CoverUploadError' ? cause.message : errorMessage(cause))
    } finally {
      setProgress(null)
    }
  }

  const uploading = progress !== null
  const current = cover.data ? publicCoverUrl(cover.data) : null

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium text-slate-900">Cover image</p>
      {image ? (
        <LazyCoverCropper image={image} crop={crop} onChange={setCrop} />
      ) : (
        <div className="relative aspect-video w-full max-w-md overflow-hidden rounded-lg border border-slate-200 bg-gradient-to-br from-teal-100 to-slate-200">
          {current ? (
            <img src={current} alt="The course’s current cover" className="absolute inset-0 size-full object-cover" />
          ) : (
            <p className="absolute inset-0 m-auto h-fit text-center text-sm text-slate-700">No cover yet</p>
          )}
        </div>
      )}
      {cover.isError ? (
        <Alert tone="error">The current cover could not be loaded. {errorMessage(cover.error)}</Alert>
      ) : null}
      {uploading ? (
        <div className="flex flex-col gap-1">
          <p id={progressId} className="text-sm text-slate-700">
            Uploading the cover… {Math.round(progress)}%
          </p>
          <Progress value={progress} aria-labelledby={progressId} />
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {saved ? <Alert tone="success">The new cover is saved.</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <input
          ref={inputRef}
          type="file"
          aria-label="Cover image file"
          accept={coverRules.types.join(',')}
          // Hidden: the button below opens it, so keyboard users meet one control, not two.
          className="hidden"
          onChange={(event) => {
            void choose(event.target.files?.[0])
            event.target.value = ''
          }}
        />
        <Button variant="outline" disabled={uploading} onClick={() => inputRef.current?.click()}>
          <ImageUp aria-hidden="true" className="size-4" />
          {image ? 'Choose another image' : current ? 'Replace cover' : 'Choose image'}
        </Button>
        {image ? (
          <>
            <Button disabled={uploading} aria-busy={uploading || undefined} onClick={() => void upload()}>
              Upload cover
            </Button>
            <Button variant="ghost" disabled={uploading} onClick={clear}>
              Cancel
            </Button>
          </>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">{coverRules.hint}</p>
    </div>
  )
}
