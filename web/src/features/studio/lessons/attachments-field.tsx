// The lesson's PDF attachments: added one file at a time under the lesson's folder with a sanitised name, listed
// from lesson_contents.attachments ({name, path}), and removed from both the list and the bucket.
import { useState } from 'react'
import { FileText, FileUp, Trash2 } from 'lucide-react'
import { FileDropZone } from '@/components/file-drop-zone'
import { Button } from '@/components/ui/button'
import { errorCode, errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { attachmentObjectName, attachmentProblem } from '../upload/media-rules'
import { formatBytes } from '../upload/transfer-meter'
import type { Attachment } from './lesson.api'
import { removeLessonFiles, uploadLessonFile } from './lesson-media.api'

export interface AttachmentsFieldProps {
  courseId: string
  lessonId: string
  attachments: Attachment[]
  onChange: (attachments: Attachment[]) => void
}

function uploadError(error: unknown): string {
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  if (status === '409' || errorCode(error) === 'Duplicate') return 'A file with this name is attached already.'
  return `The file was not attached: ${errorMessage(error)}`
}

export function AttachmentsField({ courseId, lessonId, attachments, onChange }: AttachmentsFieldProps) {
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState<string>()

  async function add(file: File) {
    const refusal = attachmentProblem(file)
    setProblem(refusal ?? undefined)
    if (refusal) return
    const path = attachmentObjectName(courseId, lessonId, file.name)
    if (attachments.some((a) => a.path === path)) return setProblem('A file with this name is attached already.')
    setBusy(`Attaching ${file.name} (${formatBytes(file.size)})…`)
    try {
      await uploadLessonFile(supabase, path, file, { contentType: 'application/pdf', upsert: false })
      onChange([...attachments, { name: file.name, path }])
    } catch (error) {
      setProblem(uploadError(error))
    } finally {
      setBusy(undefined)
    }
  }

  function remove(attachment: Attachment) {
    onChange(attachments.filter((a) => a.path !== attachment.path))
    void removeLessonFiles(supabase, [attachment.path]).catch(() => {})
  }

  return (
    <div className="flex flex-col gap-3">
      {attachments.length > 0 ? (
        <ul aria-label="Attachments" className="flex flex-col divide-y divide-slate-100 rounded-md border">
          {attachments.map((attachment) => (
            <li key={attachment.path} className="flex items-center gap-2 py-1 pr-1 pl-3 text-sm text-slate-900">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1 truncate">{attachment.name}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${attachment.name}`}
                onClick={() => remove(attachment)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No attachments.</p>
      )}
      <FileDropZone
        label="Attach a PDF"
        noun="a PDF"
        icon={FileUp}
        accept="application/pdf,.pdf"
        hint="PDF files of up to 50 MB, e.g. slides or worksheets."
        error={problem}
        disabled={busy !== undefined}
        onFile={(file) => void add(file)}
      />
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {busy}
      </p>
    </div>
  )
}
