// The lesson's video: a file checked against the bucket's rules, its length read in the browser, sent with the
// resumable upload (progress, speed, time left, pause and resume), then the lesson pointed at it. An upload this
// browser left unfinished for the lesson is mentioned, so the author knows choosing the same file resumes it. The
// file is dropped on the zone or chosen; the stored video plays in a preview.
import { useEffect, useRef, useState } from 'react'
import { Film, Upload } from 'lucide-react'
import { FileDropZone } from '@/components/file-drop-zone'
import { Alert } from '@/components/ui/alert'
import { mediaBucket, videoObjectName, videoProblem, videoTypeOf } from '../upload/media-rules'
import { readVideoDuration } from '../upload/read-duration'
import { formatBytes } from '../upload/transfer-meter'
import { findUnfinishedUpload, forgetUnfinishedUploads } from '../upload/tus-client'
import { UploadProgress } from '../upload/upload-progress'
import { useResumableUpload } from '../upload/use-resumable-upload'
import { VideoPreview } from './media-previews'

export interface VideoUploadFieldProps {
  courseId: string
  lessonId: string
  videoPath: string | null
  /** The lesson's captions, shown on the preview. */
  captionsPath: string | null
  /** Every byte is stored: point the lesson at the object and record the video's length (when it could be read). */
  onUploaded: (path: string, durationS: number | null) => void
}

export function VideoUploadField({ courseId, lessonId, videoPath, captionsPath, onUploaded }: VideoUploadFieldProps) {
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

  function choose(file: File) {
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
        <>
          <p className="flex items-center gap-2 text-sm text-slate-800">
            <Film aria-hidden="true" className="size-4 text-slate-500" />
            Current video: <span className="font-medium">{videoPath.split('/').pop()}</span>
          </p>
          <VideoPreview path={videoPath} captionsPath={captionsPath} />
        </>
      ) : (
        <p className="text-sm text-slate-700">No video yet. A video lesson needs one before the course is published.</p>
      )}
      {unfinished && !busy ? (
        <Alert tone="info" title="An upload for this lesson was not finished">
          Choose the same file{unfinished.size ? ` (${formatBytes(unfinished.size)})` : ''} to continue where it
          stopped.
        </Alert>
      ) : null}
      <FileDropZone
        label={videoPath ? 'Replace the video' : 'Upload a video'}
        noun="a video"
        icon={Upload}
        accept="video/mp4,video/webm,video/ogg"
        hint="MP4, WebM or Ogg, up to 500 MB. A dropped connection or a reload does not lose what was sent."
        error={problem}
        disabled={busy}
        onFile={choose}
      />
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
