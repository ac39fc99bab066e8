// The lesson's video: a file checked against the bucket's rules, its length read in the browser, sent with the
// resumable upload (progress, speed, time left, pause and resume), then the lesson pointed at it. An upload this
// browser left unfinished for the lesson is mentioned, so the author knows choosing the same file resumes it.
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { Film } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { mediaBucket, videoObjectName, videoProblem, videoTypeOf } from '../upload/media-rules'
import { readVideoDuration } from '../upload/read-duration'
import { formatBytes } from '../upload/transfer-meter'
import { findUnfinishedUpload, forgetUnfinishedUploads } from '../upload/tus-client'
import { UploadProgress } from '../upload/upload-progress'
import { useResumableUpload } from '../upload/use-resumable-upload'

interface VideoUploadFieldProps {
  courseId: string
  lessonId: string
  videoPath: string | null
  /** Every byte is stored: point the lesson at the object and record the video's length (when it could be read). */
  onUploaded: (path: string, durationS: number | null) => void
}

export function VideoUploadField({ courseId, lessonId, videoPath, onUploaded }: VideoUploadFieldProps) {
  const [problem, setProblem] = useState<string>()
  const [unfinished, setUnfinished] = useState<{ size: number | null } | null>(null)
  const duration = useRef<Promise<number | null>>(Promise.resolve(null))
  const upload = useResumableUpload({
    onStored: async (target) => {
      onUploaded(target.objectName, await duration.current)
      await forgetUnfinishedUploads(`${courseId}/${lessonId}/`).catch(() => {})
    },
  })
  const { state } = upload

  useEffect(() => {
    let live = true
    findUnfinishedUpload(`${courseId}/${lessonId}/`).then(
      (found) => live && setUnfinished(found),
      () => {},
    )
    return () => {
      live = false
    }
  }, [courseId, lessonId, state.phase])

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const refusal = videoProblem(file)
    setProblem(refusal ?? undefined)
    if (refusal) return
    const contentType = videoTypeOf(file)!
    duration.current = readVideoDuration(file)
    upload.start(file, {
      bucket: mediaBucket,
      objectName: videoObjectName(courseId, lessonId, contentType),
      contentType,
    })
  }

  const busy = upload.figures !== null || state.phase === 'saving'
  return (
    <div className="flex flex-col gap-3">
      {videoPath ? (
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <Film aria-hidden="true" className="size-4 text-slate-500" />
          Current video: <span className="font-medium">{videoPath.split('/').pop()}</span>
        </p>
      ) : (
        <p className="text-sm text-slate-700">No video yet. A video lesson needs one before the course is published.</p>
      )}
      {unfinished && !busy ? (
        <Alert tone="info" title="An upload for this lesson was not finished">
          Choose the same file{unfinished.size ? ` (${formatBytes(unfinished.size)})` : ''} to continue where it
          stopped.
        </Alert>
      ) : null}
      <Field
        label={videoPath ? 'Replace the video' : 'Upload a video'}
        hint="MP4, WebM or Ogg, up to 500 MB. A dropped connection or a reload does not lose what was sent."
        error={problem}
      >
        <Input type="file" accept="video/mp4,video/webm,video/ogg" disabled={busy} onChange={choose} />
      </Field>
      {upload.figures ? (
        <UploadProgress
          state={state}
          figures={upload.figures}
          onPause={upload.pause}
          onResume={upload.resume}
          onCancel={upload.cancel}
        />
      ) : null}
      {state.phase === 'saving' ? <p role="status">Upload complete. Saving the lesson…</p> : null}
      {state.phase === 'done' ? (
        <Alert tone="success" title="Video uploaded">
          {state.name} ({formatBytes(state.total)}) is the lesson’s video now.
        </Alert>
      ) : null}
      {state.phase === 'failed' ? (
        <Alert tone="error" title="The video was not uploaded">
          {state.message}
        </Alert>
      ) : null}
    </div>
  )
}
