// Importing questions from a GIFT, Aiken or CSV file (or pasted text): the file is read in the browser, the preview
// lists every question found and every line that could not be read with the reason, and nothing is imported until
// the author confirms; the import is then one call, all or nothing.
import { useId, useState, type RefObject } from 'react'
import { focusTriggerOnClose } from '@/components/lazy-overlay'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { SubmitButton } from '@/components/submit-button'
import { errorCode, errorFields, errorMessage } from '@/lib/errors'
import { useImportQuestions } from '../api/question-bank.mutations'
import type { ImportResult } from '../lib/import-question'
import { guessFormat, importFormats, parseImport, type ImportFormat } from '../lib/parse-import'
import { ImportPreview } from './import-preview'
import { textareaClass } from './prompt-field'

const maxFileBytes = 2 * 1024 * 1024

export interface ImportDialogProps {
  courseId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The page's "Import" button, where focus goes back when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>
}

export function ImportDialog({ courseId, open, onOpenChange, trigger }: ImportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={focusTriggerOnClose(trigger)}>
        <DialogTitle>Import questions</DialogTitle>
        <DialogDescription>
          From Moodle’s GIFT or Aiken text formats, or a CSV file. You see what was read before anything is added.
        </DialogDescription>
        {open ? <ImportForm courseId={courseId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function ImportForm({ courseId, onDone }: { courseId: string; onDone: () => void }) {
  const formatName = useId()
  const [format, setFormat] = useState<ImportFormat>('gift')
  const [text, setText] = useState('')
  const [fileError, setFileError] = useState<string | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const importing = useImportQuestions(courseId)

  async function readFile(file: File | undefined) {
    setFileError(null)
    setResult(null)
    if (!file) return
    if (file.size > maxFileBytes) return setFileError('The file is larger than 2 MB.')
    const content = await file.text()
    const guessed = guessFormat(file.name, content)
    setFormat(guessed)
    setText(content)
    setResult(parseImport(guessed, content))
  }

  async function confirm() {
    if (!result) return
    setFailure(null)
    try {
      await importing.mutateAsync(result.questions)
      onDone()
    } catch (error) {
      const fields = Object.entries(errorFields(error))
      setFailure(
        errorCode(error) === 'validation_failed' && fields.length > 0
          ? `Nothing was imported. ${fields
              .slice(0, 5)
              .map(([field, message]) => `Question ${Number(field.split('.')[0]) + 1}: ${message}`)
              .join(' ')}`
          : `Nothing was imported. ${errorMessage(error)}`,
      )
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-900">Format</legend>
        <div className="flex flex-wrap gap-x-6">
          {importFormats.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2 text-base text-slate-900">
              <input
                type="radio"
                name={formatName}
                value={option.value}
                checked={format === option.value}
                onChange={() => {
                  setFormat(option.value)
                  setResult(null)
                }}
                className="size-5 accent-teal-700"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="File" hint=".gift, .txt or .csv, up to 2 MB." error={fileError ?? undefined}>
        <Input
          type="file"
          accept=".gift,.txt,.csv,text/plain,text/csv"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </Field>
      <Field label="Or paste the questions">
        <textarea
          rows={6}
          className={`${textareaClass} font-mono text-sm`}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setResult(null)
          }}
        />
      </Field>
      <Button
        variant="outline"
        className="w-fit"
        disabled={text.trim() === ''}
        onClick={() => setResult(parseImport(format, text))}
      >
        Read the questions
      </Button>
      {result ? (
        <>
          <ImportPreview result={result} />
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <SubmitButton
              type="button"
              busy={importing.isPending}
              disabled={result.questions.length === 0}
              onClick={() => void confirm()}
            >
              {result.questions.length === 1 ? 'Import 1 question' : `Import ${result.questions.length} questions`}
            </SubmitButton>
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </>
      ) : null}
    </div>
  )
}
