// What the learner's inputs mean as answers: whether a question counts as answered, the draft each input edits
// (a numeric field holds text until it reads as a number), and how an answer reads in a summary or review.
import type { AttemptQuestion, QuestionKind, QuizAnswer, QuizOption } from '../api/quiz.types'

export function isAnswered(answer: QuizAnswer | undefined | null): boolean {
  if (!answer) return false
  if ('option' in answer) return answer.option !== ''
  if ('options' in answer) return answer.options.length > 0
  if ('text' in answer) return answer.text.trim() !== ''
  return Number.isFinite(answer.value)
}

/** The questions still without an answer, in the attempt's order, with their 1-based numbers. */
export function unansweredQuestions(
  questions: AttemptQuestion[],
  answers: Record<string, QuizAnswer>,
): Array<{ number: number; question: AttemptQuestion }> {
  return questions
    .map((question, index) => ({ number: index + 1, question }))
    .filter(({ question }) => !isAnswered(answers[question.id]))
}

/**
 * A numeric field's text as an answer: a finite number (a decimal comma accepted), or null while it does not read
 * as one (empty, "-", "1e"): then nothing is saved and the field says why.
 */
export function parseNumeric(text: string): number | null {
  const trimmed = text.trim().replace(',', '.')
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return null
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : null
}

export function toggleOption(answer: QuizAnswer | undefined, optionId: string, on: boolean): QuizAnswer {
  const current = answer && 'options' in answer ? answer.options : []
  const next = on ? [...new Set([...current, optionId])] : current.filter((id) => id !== optionId)
  return { options: next }
}

/** Text inputs save after a pause in typing; choices save at once. */
export function savesAsTyped(kind: QuestionKind): boolean {
  return kind === 'short_answer' || kind === 'numeric'
}

/** The learner's answer as words, for the review ("No answer" when there is none). */
export function describeAnswer(answer: QuizAnswer | null | undefined, options: QuizOption[]): string {
  if (!isAnswered(answer) || !answer) return 'No answer'
  const label = (id: string) => options.find((option) => option.id === id)?.text ?? id
  if ('option' in answer) return label(answer.option)
  if ('options' in answer) return answer.options.map(label).join(', ')
  if ('text' in answer) return answer.text
  return String(answer.value)
}

/** A prompt's first line without markdown, short enough to name a question in a list. */
export function promptExcerpt(promptMd: string, max = 80): string {
  const line = (promptMd.split('\n').find((l) => l.trim() !== '') ?? '').replace(/[#*_`>[\]]/g, '').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
