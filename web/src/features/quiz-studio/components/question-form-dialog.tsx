// Creating or editing a bank question in a dialog: kind, markdown prompt with preview, the kind's answer fields,
// points, tags and the explanation shown in review. The database checks it again; its refusals land by the fields.
import { useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Alert } from '@/components/ui/alert'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { SubmitButton } from '@/components/submit-button'
import { errorFields, errorMessage } from '@/lib/errors'
import type { BankQuestion } from '../api/question-bank.api'
import { useSaveQuestion } from '../api/question-bank.mutations'
import { questionKinds } from '../lib/import-question'
import {
  formValuesOf,
  kindLabels,
  questionFormSchema,
  toQuestion,
  type QuestionFormValues,
} from '../schemas/question-form.schema'
import { AnswerFields } from './answer-fields'
import { MarkdownField } from './prompt-field'

const selectClass = 'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900'

interface QuestionFormDialogProps {
  courseId: string
  /** The question to edit, or null to create one. */
  question: BankQuestion | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function QuestionFormDialog({ courseId, question, open, onOpenChange }: QuestionFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{question ? 'Edit question' : 'New question'}</DialogTitle>
        <DialogDescription>
          {question
            ? 'Attempts already made keep the grade they got.'
            : 'It joins the course’s question bank, ready for any quiz.'}
        </DialogDescription>
        {open ? (
          <QuestionForm
            key={question?.id ?? 'new'}
            courseId={courseId}
            question={question}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function QuestionForm({
  courseId,
  question,
  onDone,
}: {
  courseId: string
  question: BankQuestion | null
  onDone: () => void
}) {
  const form = useForm<QuestionFormValues>({
    resolver: zodResolver(questionFormSchema),
    defaultValues: formValuesOf(question),
  })
  const save = useSaveQuestion(courseId)
  const [failure, setFailure] = useState<string | null>(null)
  const prompt = useWatch({ control: form.control, name: 'prompt_md' })
  const explanation = useWatch({ control: form.control, name: 'explanation_md' })
  const { errors } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await save.mutateAsync({ questionId: question?.id ?? null, question: toQuestion(values) })
      onDone()
    } catch (error) {
      const fields = errorFields(error)
      const known = [
        'kind',
        'prompt_md',
        'points',
        'tags',
        'explanation_md',
        'options',
        'accepted_answers',
        'numeric_answer',
        'tolerance',
      ]
      for (const [field, message] of Object.entries(fields)) {
        const name = field === 'correct_options' ? 'options' : field
        if (known.includes(name)) form.setError(name as keyof QuestionFormValues, { message })
      }
      setFailure(errorMessage(error))
    }
  })

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field label="Kind">
          <select className={selectClass} {...form.register('kind')}>
            {questionKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabels[kind]}
              </option>
            ))}
          </select>
        </Field>
        <MarkdownField
          label="Question"
          hint="Markdown: emphasis, lists, code, links."
          maxLength={5000}
          value={prompt}
          error={errors.prompt_md?.message}
          {...form.register('prompt_md')}
        />
        <AnswerFields />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Points" error={errors.points?.message}>
            <Input inputMode="decimal" {...form.register('points')} />
          </Field>
          <Field label="Tags" hint="Separated by commas." error={errors.tags?.message}>
            <Input {...form.register('tags')} />
          </Field>
        </div>
        <MarkdownField
          label="Explanation (shown in review)"
          value={explanation}
          error={errors.explanation_md?.message}
          {...form.register('explanation_md')}
        />
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <SubmitButton busy={save.isPending} className="w-fit">
          {question ? 'Save question' : 'Add question'}
        </SubmitButton>
      </form>
    </FormProvider>
  )
}
