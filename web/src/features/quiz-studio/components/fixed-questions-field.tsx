// The quiz's fixed questions, in order: picked from the course's bank, moved up and down, taken out.
import { useState } from 'react'
import { useController, type Control } from 'react-hook-form'
import { ArrowDown, ArrowUp, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { Label } from '@/components/ui/label'
import type { BankQuestion } from '../api/question-bank.api'
import { promptLine } from '../lib/answer-summary'
import type { QuizSettingsFormValues } from '../schemas/quiz-settings.schema'

const selectClass = 'h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900'

export function FixedQuestionsField({
  control,
  bank,
}: {
  control: Control<QuizSettingsFormValues>
  bank: BankQuestion[]
}) {
  const { field, fieldState } = useController({ control, name: 'question_ids' })
  const [choice, setChoice] = useState('')
  const ids = field.value
  const byId = new Map(bank.map((question) => [question.id, question]))
  const available = bank.filter((question) => !ids.includes(question.id))
  const move = (index: number, by: number) => {
    const next = [...ids]
    const [moved] = next.splice(index, 1)
    if (moved === undefined) return
    next.splice(index + by, 0, moved)
    field.onChange(next)
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={fieldState.error ? 'quiz-fixed-error' : undefined}>
      <legend className="text-sm font-medium text-slate-900">Questions, in order</legend>
      {ids.length === 0 ? (
        <p className="text-sm text-slate-600">No fixed questions yet.</p>
      ) : (
        <ol aria-label="Quiz questions" className="flex flex-col gap-2">
          {ids.map((id, index) => {
            const title = byId.get(id)
              ? promptLine(byId.get(id)?.prompt_md ?? '', 100)
              : 'A question no longer in the bank'
            return (
              <li key={id} className="flex items-center gap-2 rounded-md border border-slate-200 p-2">
                <span className="min-w-0 flex-1 text-sm break-words text-slate-900">
                  {index + 1}. {title}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move “${title}” up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move “${title}” down`}
                  disabled={index === ids.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Take “${title}” out of the quiz`}
                  onClick={() => field.onChange(ids.filter((other) => other !== id))}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </li>
            )
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1.5">
          <Label htmlFor="quiz-add-question">Add a question from the bank</Label>
          <select
            id="quiz-add-question"
            className={selectClass}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="">{available.length ? 'Choose a question' : 'Every bank question is in the quiz'}</option>
            {available.map((question) => (
              <option key={question.id} value={question.id}>
                {promptLine(question.prompt_md, 90)}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="outline"
          disabled={choice === ''}
          onClick={() => {
            field.onChange([...ids, choice])
            setChoice('')
          }}
        >
          Add
        </Button>
        <Button
          variant="outline"
          disabled={available.length === 0}
          onClick={() => field.onChange([...ids, ...available.map((question) => question.id)])}
        >
          Add all ({available.length})
        </Button>
      </div>
      {fieldState.error ? <FieldError id="quiz-fixed-error">{fieldState.error.message}</FieldError> : null}
    </fieldset>
  )
}
