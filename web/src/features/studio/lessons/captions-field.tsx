// The lesson's captions: a WebVTT file checked in the browser (its extension, its size, its WEBVTT signature) with
// the reason beside the field when refused, then stored next to the video and recorded on the lesson.
import { useState, type ChangeEvent } from 'react'
import { Captions } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { readTextStart } from '../upload/read-text-start'
import { captionsObjectName, captionsProblem, maxCaptionsBytes } from '../upload/media-rules'
import { removeLessonFiles, uploadLessonFile } from './lesson-media.api'

interface CaptionsFieldProps {
  courseId: string
  lessonId: string
  captionsPath: string | null
  onChange: (path: string | null) => void
}

export function CaptionsField({ courseId, lessonId, captionsPath, onChange }: CaptionsFieldProps) {
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string>()

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
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
      <Field
        label={captionsPath ? 'Replace the captions' : 'Upload captions'}
        hint="A WebVTT file (.vtt) of up to 1 MB."
        error={problem}
      >
        <Input type="file" accept=".vtt,text/vtt" disabled={busy} onChange={(event) => void choose(event)} />
      </Field>
      <p role="status" className="min-h-5 text-sm text-teal-800">
        {busy ? 'Uploading the captions…' : done}
      </p>
    </div>
  )
}
