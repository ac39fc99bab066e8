// The course's question bank: search and a tag filter (kept in the URL), each question with its kind, key, points
// and tags, and the actions: new, import, edit, duplicate, delete (refused by the database for a question in use).
import { useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CircleHelp, FileUp, Plus } from 'lucide-react'
import { ConfirmButton } from '@/components/confirm-button'
import { EmptyState } from '@/components/empty-state'
import { lazyOverlay } from '@/components/lazy-overlay'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { errorCode, errorMessage } from '@/lib/errors'
import type { BankQuestion } from '../api/question-bank.api'
import { useDeleteQuestion, useDuplicateQuestion } from '../api/question-bank.mutations'
import { questionBankQueries } from '../api/question-bank.queries'
import { answerSummary, promptLine } from '../lib/answer-summary'
import type { BankSearch } from '../schemas/bank-search.schema'
import { kindLabels } from '../schemas/question-form.schema'

// The dialogs' code (Radix Dialog, the question form with react-hook-form, the import's parsers) loads after the
// bank, or at the first opening.
const QuestionFormDialog = lazyOverlay(() => import('./question-form-dialog').then((m) => m.QuestionFormDialog))
const ImportDialog = lazyOverlay(() => import('./import-dialog').then((m) => m.ImportDialog))

const selectClass = 'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900'

interface QuestionBankPageProps {
  courseId: string
  search: BankSearch
  onSearchChange: (patch: Partial<BankSearch>) => void
}

export function describeDeleteError(error: unknown): string {
  return errorCode(error) === '23503'
    ? 'This question is used by a quiz or by learners’ attempts, so it stays in the bank. Take it out of the quiz instead, or edit it.'
    : errorMessage(error)
}

function matches(question: BankQuestion, search: BankSearch): boolean {
  if (search.tag && !question.tags.includes(search.tag)) return false
  const words = search.q?.trim().toLowerCase()
  if (!words) return true
  const haystack = [question.prompt_md, ...question.tags, ...question.options.map((option) => option.text)]
    .join(' ')
    .toLowerCase()
  return words.split(/\s+/).every((word) => haystack.includes(word))
}

export function QuestionBankPage({ courseId, search, onSearchChange }: QuestionBankPageProps) {
  const bank = useQuery(questionBankQueries.list(courseId))
  const [editing, setEditing] = useState<BankQuestion | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [importOpen, setImportOpen] = useState(false)
  const importTrigger = useRef<HTMLButtonElement>(null)
  const open = (question: BankQuestion | null) => {
    setEditing(question)
    setFormOpen(true)
  }

  const questions = bank.data ?? []
  const tags = [...new Set(questions.flatMap((question) => question.tags))].sort((a, b) => a.localeCompare(b))
  const shown = questions.filter((question) => matches(question, search))

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => open(null)}>
          <Plus aria-hidden="true" className="size-4" />
          New question
        </Button>
        <Button
          ref={importTrigger}
          variant="outline"
          aria-haspopup="dialog"
          aria-expanded={importOpen}
          onClick={() => setImportOpen(true)}
        >
          <FileUp aria-hidden="true" className="size-4" />
          Import
        </Button>
        <ImportDialog courseId={courseId} open={importOpen} onOpenChange={setImportOpen} trigger={importTrigger} />
      </div>
      <div role="search" className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <Field label="Search questions">
          <Input
            type="search"
            defaultValue={search.q ?? ''}
            onChange={(event) => onSearchChange({ q: event.target.value || undefined })}
          />
        </Field>
        <Field label="Tag">
          <select
            className={selectClass}
            value={search.tag ?? ''}
            onChange={(event) => onSearchChange({ tag: event.target.value || undefined })}
          >
            <option value="">All tags</option>
            {tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {bank.isPending ? (
        <div aria-busy="true" aria-label="Loading the questions" className="flex flex-col gap-2">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : bank.isError ? (
        <Alert tone="error" title="The questions could not be loaded">
          <p>{errorMessage(bank.error)}</p>
          <Button variant="outline" className="mt-2" onClick={() => void bank.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : questions.length === 0 ? (
        <EmptyState icon={CircleHelp} title="No questions yet">
          Write a question, or import a file from Moodle (GIFT, Aiken) or a spreadsheet (CSV).
        </EmptyState>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {shown.length === questions.length
              ? `${questions.length} ${questions.length === 1 ? 'question' : 'questions'}`
              : `${shown.length} of ${questions.length} questions`}
          </p>
          {shown.length === 0 ? (
            <p className="text-slate-700">No question matches. Try other words or another tag.</p>
          ) : (
            <ul aria-label="Questions" className="flex flex-col gap-2">
              {shown.map((question) => (
                <QuestionRow key={question.id} courseId={courseId} question={question} onEdit={() => open(question)} />
              ))}
            </ul>
          )}
        </>
      )}
      <QuestionFormDialog courseId={courseId} question={editing} open={formOpen} onOpenChange={setFormOpen} />
    </div>
  )
}

function QuestionRow({ courseId, question, onEdit }: { courseId: string; question: BankQuestion; onEdit: () => void }) {
  const duplicate = useDuplicateQuestion(courseId)
  const remove = useDeleteQuestion(courseId)
  const title = promptLine(question.prompt_md, 80)
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium break-words text-slate-900">{promptLine(question.prompt_md)}</p>
        <p className="text-sm break-words text-slate-700">
          {kindLabels[question.kind]} · {answerSummary(question)} · {question.points}{' '}
          {question.points === 1 ? 'point' : 'points'}
        </p>
        {question.tags.length > 0 ? (
          <ul aria-label="Tags" className="flex flex-wrap gap-1">
            {question.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {duplicate.isError ? <p className="text-sm text-red-700">{errorMessage(duplicate.error)}</p> : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="outline" aria-label={`Edit “${title}”`} onClick={onEdit}>
          Edit
        </Button>
        <Button
          variant="outline"
          aria-label={`Duplicate “${title}”`}
          disabled={duplicate.isPending}
          onClick={() => duplicate.mutate(question.id)}
        >
          Duplicate
        </Button>
        <ConfirmButton
          label="Delete"
          accessibleLabel={`Delete “${title}”`}
          title="Delete this question?"
          description={<p>“{title}” leaves the bank. A question that a quiz or an attempt uses cannot be deleted.</p>}
          confirmLabel="Delete question"
          onConfirm={() => remove.mutateAsync(question.id)}
          describeError={describeDeleteError}
        />
      </div>
    </li>
  )
}
