// The question editor's form: its values as typed, the checks the database makes (shown beside each field), and
// the conversion to and from the payload save_quiz_question takes.
import * as z from 'zod/mini'
import { parseDecimal } from '../lib/gift-text'
import {
  acceptedAnswerMaxLength,
  maxOptions,
  minOptions,
  optionId,
  promptMaxLength,
  questionKinds,
  trueFalseOptions,
  type ImportQuestion,
  type QuestionKind,
} from '../lib/import-question'

export const kindLabels: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple answers',
  true_false: 'True or false',
  short_answer: 'Short answer',
  numeric: 'Number',
}

export interface QuestionFormValues {
  kind: QuestionKind
  prompt_md: string
  points: string
  tags: string
  explanation_md: string
  options: { text: string; right: boolean }[]
  true_false: 'true' | 'false'
  accepted_answers: string
  numeric_answer: string
  tolerance: string
}

/** Tags typed as "algebra, week 1" → ["algebra", "week 1"], without blanks or repeats. */
export function readTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ]
}

function readLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

export const questionFormSchema = z
  .object({
    kind: z.enum(questionKinds as [QuestionKind, ...QuestionKind[]]),
    prompt_md: z.string().check(
      z.refine((value) => value.trim() !== '', 'Write the question.'),
      z.maxLength(promptMaxLength, `At most ${promptMaxLength} characters.`),
    ),
    points: z.string().check(
      z.refine((value) => {
        const points = parseDecimal(value)
        return points !== null && points > 0 && points <= 1000
      }, 'A number above 0, at most 1,000.'),
    ),
    tags: z.string(),
    explanation_md: z.string().check(z.maxLength(promptMaxLength, `At most ${promptMaxLength} characters.`)),
    options: z.array(z.object({ text: z.string(), right: z.boolean() })),
    true_false: z.enum(['true', 'false']),
    accepted_answers: z.string(),
    numeric_answer: z.string(),
    tolerance: z.string(),
  })
  .check(
    z.superRefine((values, context) => {
      const issue = (path: string, message: string) =>
        context.issues.push({ code: 'custom', path: [path], message, input: values })
      if (values.kind === 'single' || values.kind === 'multiple') {
        const filled = values.options.filter((option) => option.text.trim() !== '')
        if (filled.length < minOptions) issue('options', `Give at least ${minOptions} options.`)
        else if (values.options.length > maxOptions) issue('options', `At most ${maxOptions} options.`)
        else if (filled.length !== values.options.length) issue('options', 'Fill in or remove the empty option.')
        const right = values.options.filter((option) => option.right).length
        if (values.kind === 'single' && right !== 1) issue('options', 'Mark exactly one option right.')
        if (values.kind === 'multiple' && right === 0) issue('options', 'Mark at least one option right.')
      }
      if (values.kind === 'short_answer') {
        const answers = readLines(values.accepted_answers)
        if (answers.length === 0) issue('accepted_answers', 'Give at least one accepted answer.')
        if (answers.some((answer) => answer.length > acceptedAnswerMaxLength))
          issue('accepted_answers', `An answer has at most ${acceptedAnswerMaxLength} characters.`)
      }
      if (values.kind === 'numeric') {
        if (parseDecimal(values.numeric_answer) === null) issue('numeric_answer', 'Write a number, like 3.14.')
        const tolerance = values.tolerance.trim() === '' ? 0 : parseDecimal(values.tolerance)
        if (tolerance === null || tolerance < 0) issue('tolerance', 'A number of 0 or more.')
      }
    }),
  )

export function toQuestion(values: QuestionFormValues): ImportQuestion {
  const choice = values.kind === 'single' || values.kind === 'multiple'
  const options = choice
    ? values.options.map((option, index) => ({ id: optionId(index), text: option.text.trim() }))
    : []
  return {
    kind: values.kind,
    prompt_md: values.prompt_md.trim(),
    options: values.kind === 'true_false' ? trueFalseOptions.map((option) => ({ ...option })) : options,
    points: parseDecimal(values.points) ?? 1,
    tags: readTags(values.tags),
    correct_options: choice
      ? values.options.flatMap((option, index) => (option.right ? [optionId(index)] : []))
      : values.kind === 'true_false'
        ? [values.true_false]
        : [],
    accepted_answers: values.kind === 'short_answer' ? readLines(values.accepted_answers) : [],
    numeric_answer: values.kind === 'numeric' ? parseDecimal(values.numeric_answer) : null,
    tolerance: values.kind === 'numeric' ? (parseDecimal(values.tolerance) ?? 0) : 0,
    explanation_md: values.explanation_md.trim() || null,
  }
}

export function formValuesOf(question: ImportQuestion | null): QuestionFormValues {
  const choice = question && (question.kind === 'single' || question.kind === 'multiple')
  return {
    kind: question?.kind ?? 'single',
    prompt_md: question?.prompt_md ?? '',
    points: String(question?.points ?? 1),
    tags: question?.tags.join(', ') ?? '',
    explanation_md: question?.explanation_md ?? '',
    options: choice
      ? question.options.map((option) => ({ text: option.text, right: question.correct_options.includes(option.id) }))
      : [
          { text: '', right: true },
          { text: '', right: false },
        ],
    true_false: question?.kind === 'true_false' && question.correct_options[0] === 'false' ? 'false' : 'true',
    accepted_answers: question?.accepted_answers.join('\n') ?? '',
    numeric_answer: question?.numeric_answer === null || question === null ? '' : String(question.numeric_answer),
    tolerance: question?.kind === 'numeric' ? String(question.tolerance) : '0',
  }
}
