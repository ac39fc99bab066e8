// The lesson's captions: a WebVTT file checked in the browser (its extension, its size, its WEBVTT signature) with
// the reason beside the field when refused, then stored next to the video and recorded on the lesson. The file is
// dropped on the zone or chosen; the stored captions' first cues are previewed.
import { useState } from 'react'
import { Captions, Upload } from 'lucide-react'
import { FileDropZone } from '@/components/file-drop-zone'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { readTextStart } from '../upload/read-text-start'
import { captionsObjectName, captionsProblem, maxCaptionsBytes } from '../upload/media-rules'
import { removeLessonFiles, uploadLessonFile } from './lesson-media.api'
import { CaptionsPreview } from './media-previews'

export interface CaptionsFieldProps {
  courseId: string
  lessonId: string
  captionsPath: string | null
  onChange: (path: string | null) => void
}

export function CaptionsField({ courseId, lessonId, captionsPath, onChange }: CaptionsFieldProps) {
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string>()
  // Bumped by each upload: the file keeps its path, so the preview reads it again.
  const [version, setVersion] = useState(0)

  async function choose(file: File) {
    setDone(undefined)
    // Only the start is needed for the signature; an oversized file is refused by its size first.
    const head = file.size > maxCaptionsBytes ? '' : await readTextStart(file)
    const refusal = captionsProblem(file, head)
    setProblem(refusal ?? undefined)
    if (refusal) return
    setBusy(true)
    try {
      const path = captionsObjectName(courseId, lessonId)
      await uploadLessonFile(supabase, path, file, { contentType: 'text/vtt', upsert: true })
      onChange(path)
      setVersion((v) => v + 1)
      setDone(`${file.name} uploaded.`)
    } catch (error) {
      setProblem(`The captions were not uploaded: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    if (!captionsPath) return
    onChange(null)
    setDone('Captions removed.')
    // The lesson no longer points at the file; a failed removal leaves an unused file only.
    await removeLessonFiles(supabase, [captionsPath]).catch(() => {})
  }

  return (
    <div className="flex flex-col gap-3">
      {captionsPath ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <Captions aria-hidden="true" className="size-4 text-slate-500" />
          Captions: <span className="font-medium">{captionsPath.split('/').pop()}</span>
          <Button variant="ghost" onClick={() => void remove()}>
            Remove captions
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">No captions yet.</p>
      )}
      {captionsPath ? <CaptionsPreview path={captionsPath} version={version} /> : null}
      <FileDropZone
        label={captionsPath ? 'Replace the captions' : 'Upload captions'}
        noun="a captions file"
        icon={Upload}
        accept=".vtt,text/vtt"
        hint="A WebVTT file (.vtt) of up to 1 MB."
        error={problem}
        disabled={busy}
        onFile={(file) => void choose(file)}
      />
      <p role="status" className="min-h-5 text-sm text-teal-800">
        {busy ? 'Uploading the captions…' : done}
      </p>
    </div>
  )
}
