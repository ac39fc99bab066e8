// The school's logo, chosen, cropped and uploaded as course covers are (the cover's cropper and rules, a square
// frame): "Choose image", a square crop in the browser, then the upload with a progress bar to the public
// course-covers bucket under schools/{school_id}/; the school then points at the new logo and the old file is
// removed. "Remove logo" goes back to the school's initial. Every failure is a sentence.
import { useId, useRef, useState } from 'react'
import { ImageUp, Trash2 } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { errorMessage } from '@/lib/errors'
import { logoBucket, logoUrl } from '@/lib/schools/logo-url'
import { StorageUploadError, uploadWithProgress, type UploadFailure } from '@/lib/storage-upload'
import { supabase } from '@/lib/supabase'
import { LazyCoverCropper } from '../../cover/components/lazy-cover-cropper'
import { coverRules } from '../../cover/lib/cover-rules'
import { sourceRect } from '../../cover/lib/crop'
import { renderCover } from '../../cover/lib/render-crop'
import { logoObjectPath, type SchoolPageSettings } from '../api/school-page.api'
import { useSetSchoolLogo } from '../api/school-page.queries'
import { useImageToCrop } from '../../cover/components/use-image-to-crop'

const logoOutput = { width: 512, height: 512 } as const

const failures: Record<UploadFailure, string> = {
  too_big: coverRules.tooBig,
  wrong_type: coverRules.wrongType,
  signed_out: 'Your session has ended. Sign in again to upload a logo.',
  forbidden: 'Only the school’s owners can change its logo.',
  network: 'The upload failed. Check your connection and try again.',
  cancelled: 'The upload was cancelled.',
  other: 'The upload failed. Please try again.',
}

export function LogoUpload({ school, userId }: { school: SchoolPageSettings; userId: string }) {
  const setLogo = useSetSchoolLogo(school.id, userId)
  const { image, crop, setCrop, choose: chooseImage, clear } = useImageToCrop()
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const progressId = useId()

  const choose = async (file: File | undefined) => {
    setError(null)
    setDone(null)
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
      if (!data.session) throw new Error(failures.signed_out)
      const blob = await renderCover(image, sourceRect(crop, image.naturalWidth, image.naturalHeight, 1), logoOutput)
      const path = logoObjectPath(school.id)
      await uploadWithProgress({
        accessToken: data.session.access_token,
        bucket: logoBucket,
        path,
        body: blob,
        cacheControl: 'max-age=31536000',
        onProgress: setProgress,
      })
      const previous = school.logo_path
      await setLogo.mutateAsync(path)
      // A failed removal leaves an unused file, never a broken logo.
      if (previous && previous !== path) await supabase.storage.from(logoBucket).remove([previous])
      clear()
      setDone('The new logo is saved.')
    } catch (cause) {
      setError(cause instanceof StorageUploadError ? failures[cause.failure] : errorMessage(cause))
    } finally {
      setProgress(null)
    }
  }

  const remove = async () => {
    setError(null)
    setDone(null)
    const previous = school.logo_path
    try {
      await setLogo.mutateAsync(null)
      if (previous) await supabase.storage.from(logoBucket).remove([previous])
      setDone('The logo is removed.')
    } catch (cause) {
      setError(errorMessage(cause))
    }
  }

  const uploading = progress !== null
  const current = school.logo_path ? logoUrl(school.logo_path) : null

  return (
    <div className="flex flex-col gap-3">
      {image ? (
        <div className="w-full max-w-xs">
          <LazyCoverCropper image={image} crop={crop} onChange={setCrop} aspect={1} subject="logo" />
        </div>
      ) : (
        <div className="relative size-32 overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
          {current ? (
            <img src={current} alt="The school’s current logo" className="absolute inset-0 size-full object-cover" />
          ) : (
            <p className="absolute inset-0 m-auto h-fit px-2 text-center text-sm text-slate-700">No logo yet</p>
          )}
        </div>
      )}
      {uploading ? (
        <div className="flex flex-col gap-1">
          <p id={progressId} className="text-sm text-slate-700">
            Uploading the logo… {Math.round(progress)}%
          </p>
          <Progress value={progress} aria-labelledby={progressId} />
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <input
          ref={inputRef}
          type="file"
          aria-label="Logo image file"
          accept={coverRules.types.join(',')}
          className="hidden"
          onChange={(event) => {
            void choose(event.target.files?.[0])
            event.target.value = ''
          }}
        />
        <Button variant="outline" disabled={uploading} onClick={() => inputRef.current?.click()}>
          <ImageUp aria-hidden="true" className="size-4" />
          {image ? 'Choose another image' : current ? 'Replace logo' : 'Choose image'}
        </Button>
        {image ? (
          <>
            <Button disabled={uploading} aria-busy={uploading || undefined} onClick={() => void upload()}>
              Upload logo
            </Button>
            <Button variant="ghost" disabled={uploading} onClick={clear}>
              Cancel
            </Button>
          </>
        ) : current ? (
          <Button variant="ghost" disabled={setLogo.isPending} onClick={() => void remove()}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove logo
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">{coverRules.logoHint}</p>
    </div>
  )
}
