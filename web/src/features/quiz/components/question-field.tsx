// One question and its input, by kind: a radio group (single choice, true/false), a group of checkboxes (multiple
// choice), a text field (short answer) or a number field (numeric). Keyboard-first: arrows move within a radio group,
// Space picks, and Enter anywhere in the question goes on (handled by the caller's onEnter).
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import type { AttemptQuestion, QuizAnswer } from '../api/quiz.types'
import { parseNumeric, toggleOption } from '../lib/answers'

interface QuestionFieldProps {
  question: Pick<AttemptQuestion, 'id' | 'kind' | 'prompt_md' | 'options'>
  /** The question's heading ("Question 2 of 5"), at the level the page needs. */
  heading: ReactNode
  answer: QuizAnswer | undefined
  onAnswer: (answer: QuizAnswer) => void
  /** Enter pressed in the question (not on a button): the caller goes on. */
  onEnter?: () => void
  disabled?: boolean
  /** Under the input: the save status, a hint. */
  footer?: ReactNode
}

export function QuestionField({ question, heading, answer, onAnswer, onEnter, disabled, footer }: QuestionFieldProps) {
  const id = useId()
  const promptId = `${id}-prompt`
  // Radios and checkboxes (Radix buttons) ignore Enter, as WAI-ARIA says; here it goes on to the next question.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || !onEnter) return
    event.preventDefault()
    onEnter()
  }
  return (
    <div className="flex flex-col gap-4">
      {heading}
      <div id={promptId}>
        <LazyMarkdown source={question.prompt_md} headingOffset={3} />
      </div>
      <AnswerInput
        question={question}
        labelledBy={promptId}
        answer={answer}
        onAnswer={onAnswer}
        onKeyDown={onKeyDown}
        disabled={disabled ?? false}
      />
      {footer}
    </div>
  )
}

interface AnswerInputProps {
  question: QuestionFieldProps['question']
  labelledBy: string
  answer: QuizAnswer | undefined
  onAnswer: (answer: QuizAnswer) => void
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  disabled: boolean
}

function AnswerInput({ question, labelledBy, answer, onAnswer, onKeyDown, disabled }: AnswerInputProps) {
  const id = useId()
  switch (question.kind) {
    case 'single':
    case 'true_false':
      return (
        <RadioGroup
          aria-labelledby={labelledBy}
          value={answer && 'option' in answer ? answer.option : ''}
          onValueChange={(option) => onAnswer({ option })}
          onKeyDown={onKeyDown}
          disabled={disabled}
        >
          {question.options.map((option) => (
            <OptionRow key={option.id} htmlFor={`${id}-${option.id}`} text={option.text}>
              <RadioGroupItem id={`${id}-${option.id}`} value={option.id} />
            </OptionRow>
          ))}
        </RadioGroup>
      )
    case 'multiple': {
      const picked = answer && 'options' in answer ? answer.options : []
      return (
        <div role="group" aria-labelledby={labelledBy} className="flex flex-col gap-2">
          <p className="text-sm text-slate-600">Choose every answer that applies.</p>
          {question.options.map((option) => (
            <OptionRow key={option.id} htmlFor={`${id}-${option.id}`} text={option.text}>
              <Checkbox
                id={`${id}-${option.id}`}
                checked={picked.includes(option.id)}
                onCheckedChange={(on) => onAnswer(toggleOption(answer, option.id, on === true))}
                onKeyDown={onKeyDown}
                disabled={disabled}
              />
            </OptionRow>
          ))}
        </div>
      )
    }
    case 'short_answer':
      return (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-text`}>Your answer</Label>
          <Input
            id={`${id}-text`}
            aria-describedby={labelledBy}
            value={answer && 'text' in answer ? answer.text : ''}
            maxLength={500}
            autoComplete="off"
            onChange={(event) => onAnswer({ text: event.target.value })}
            onKeyDown={onKeyDown}
            disabled={disabled}
          />
        </div>
      )
    case 'numeric':
      return (
        <NumericInput
          labelledBy={labelledBy}
          answer={answer}
          onAnswer={onAnswer}
          onKeyDown={onKeyDown}
          disabled={disabled}
        />
      )
  }
}

function NumericInput({ labelledBy, answer, onAnswer, onKeyDown, disabled }: Omit<AnswerInputProps, 'question'>) {
  const id = useId()
  const [text, setText] = useState(answer && 'value' in answer ? String(answer.value) : '')
  const invalid = text.trim() !== '' && parseNumeric(text) === null
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-number`}>Your answer (a number)</Label>
      <Input
        id={`${id}-number`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={`${labelledBy}${invalid ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          setText(event.target.value)
          const value = parseNumeric(event.target.value)
          if (value !== null) onAnswer({ value })
        }}
        onKeyDown={onKeyDown}
        disabled={disabled}
      />
      {invalid ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          Enter a number, such as 42 or 3.14.
        </p>
      ) : null}
    </div>
  )
}

function OptionRow({ htmlFor, text, children }: { htmlFor: string; text: string; children: ReactNode }) {
  return (
    <div className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 has-[[data-state=checked]]:border-teal-700 has-[[data-state=checked]]:bg-teal-50">
      {children}
      <Label htmlFor={htmlFor} className="min-w-0 flex-1 cursor-pointer py-1 text-base font-normal break-words">
        {text}
      </Label>
    </div>
  )
}
