// The shape every importer (GIFT, Aiken, CSV) produces: one element of import_quiz_questions' payload, plus the
// checks every format shares so a question the database would refuse is reported at its line instead.
export type QuestionKind = 'single' | 'multiple' | 'true_false' | 'short_answer' | 'numeric'

export const questionKinds: readonly QuestionKind[] = ['single', 'multiple', 'true_false', 'short_answer', 'numeric']

export interface QuestionOption {
  id: string
  text: string
}

export interface ImportQuestion {
  kind: QuestionKind
  prompt_md: string
  options: QuestionOption[]
  points: number
  tags: string[]
  correct_options: string[]
  accepted_answers: string[]
  numeric_answer: number | null
  tolerance: number
  explanation_md: string | null
}

export interface ImportProblem {
  line: number
  message: string
}

export interface ImportResult {
  questions: ImportQuestion[]
  problems: ImportProblem[]
}

export const promptMaxLength = 5000
export const acceptedAnswerMaxLength = 500
export const minOptions = 2
export const maxOptions = 10

/** The fixed options of a true/false question, as the database requires them. */
export const trueFalseOptions: QuestionOption[] = [
  { id: 'true', text: 'True' },
  { id: 'false', text: 'False' },
]

/** Option ids by position: a, b, c, … (10 at most). */
export function optionId(index: number): string {
  return String.fromCharCode(97 + index)
}

/** Strips a byte-order mark and turns CRLF / CR line endings into LF, so every parser sees one kind of line. */
export function normaliseText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
}

/** Whether a number is usable as an answer or tolerance (finite). */
export function isFiniteNumber(value: number): boolean {
  return Number.isFinite(value)
}

/** The rules every format shares; returns the first broken one as a sentence, or null when the question is whole. */
export function checkQuestion(question: ImportQuestion): string | null {
  const prompt = question.prompt_md.trim()
  if (prompt === '') return 'The question has no text.'
  if (prompt.length > promptMaxLength) return `The question text is longer than ${promptMaxLength} characters.`
  if (!(question.points > 0) || !isFiniteNumber(question.points)) return 'Points must be a number above 0.'
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      const count = question.options.length
      if (count < minOptions) return `A choice question needs at least ${minOptions} options.`
      if (count > maxOptions) return `A choice question has at most ${maxOptions} options.`
      if (question.options.some((option) => option.text.trim() === '')) return 'An option has no text.'
      if (question.correct_options.length === 0) return 'No option is marked right.'
      if (question.kind === 'single' && question.correct_options.length !== 1)
        return 'Exactly one option must be right.'
      return null
    }
    case 'true_false':
      return question.correct_options.length === 1 ? null : 'A true/false question needs its answer.'
    case 'short_answer':
      if (question.accepted_answers.length === 0) return 'A short-answer question needs at least one accepted answer.'
      if (question.accepted_answers.some((answer) => answer.length > acceptedAnswerMaxLength))
        return `An accepted answer is longer than ${acceptedAnswerMaxLength} characters.`
      return null
    case 'numeric':
      if (question.numeric_answer === null || !isFiniteNumber(question.numeric_answer))
        return 'A numeric question needs a number as its answer.'
      if (!(question.tolerance >= 0) || !isFiniteNumber(question.tolerance)) return 'The tolerance must be 0 or more.'
      return null
  }
}

/** An empty question of a kind, to fill in. */
export function blankQuestion(kind: QuestionKind, prompt: string): ImportQuestion {
  return {
    kind,
    prompt_md: prompt,
    options: kind === 'true_false' ? trueFalseOptions.map((option) => ({ ...option })) : [],
    points: 1,
    tags: [],
    correct_options: [],
    accepted_answers: [],
    numeric_answer: null,
    tolerance: 0,
    explanation_md: null,
  }
}
