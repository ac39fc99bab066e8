// The Aiken format → Summit questions (single choice only). A question is its text (one or more lines), then its
// options, one a line, each a capital letter, `.` or `)`, a space and the text, then `ANSWER: <letter>`. Blank lines
// between questions are optional; a question whose lines cannot be read is reported at the line that broke it, and
// reading resumes after its ANSWER line or the next blank line.
import {
  checkQuestion,
  normaliseText,
  optionId,
  type ImportProblem,
  type ImportQuestion,
  type ImportResult,
} from './import-question'

const optionPattern = /^([A-Z])[.)]\s+(.*)$/
const answerPattern = /^ANSWER:\s*(.*)$/i

interface Draft {
  line: number
  prompt: string[]
  letters: string[]
  options: string[]
}

export function parseAiken(text: string): ImportResult {
  const questions: ImportQuestion[] = []
  const problems: ImportProblem[] = []
  let draft: Draft | null = null
  let skipping = false

  const finish = (current: Draft, answerText: string, line: number) => {
    const letter = answerText.trim().toUpperCase()
    if (!/^[A-Z]$/.test(letter)) {
      problems.push({ line, message: `“${answerText.trim()}” is not one option letter (write ANSWER: B).` })
      return
    }
    const index = current.letters.indexOf(letter)
    if (index === -1) {
      problems.push({ line, message: `ANSWER: ${letter} names no option of this question.` })
      return
    }
    const question: ImportQuestion = {
      kind: 'single',
      prompt_md: current.prompt.join('\n').trim(),
      options: current.options.map((option, position) => ({ id: optionId(position), text: option })),
      points: 1,
      tags: [],
      correct_options: [optionId(index)],
      accepted_answers: [],
      numeric_answer: null,
      tolerance: 0,
      explanation_md: null,
    }
    const problem = checkQuestion(question)
    if (problem) problems.push({ line: current.line, message: problem })
    else questions.push(question)
  }

  const rows = normaliseText(text).split('\n')
  rows.forEach((raw, index) => {
    const line = index + 1
    const row = raw.trim()
    if (row === '') {
      if (draft && draft.options.length > 0 && !skipping)
        problems.push({ line: draft.line, message: 'This question has no ANSWER: line after its options.' })
      if (draft?.options.length || skipping) draft = null
      skipping = false
      return
    }
    const answer = answerPattern.exec(row)
    if (answer) {
      if (skipping) skipping = false
      else if (!draft) problems.push({ line, message: 'ANSWER: without a question before it.' })
      else if (draft.options.length === 0) problems.push({ line, message: 'ANSWER: comes before any option (A. …).' })
      else finish(draft, answer[1] ?? '', line)
      draft = null
      return
    }
    if (skipping) return
    const option = optionPattern.exec(row)
    if (option && draft) {
      const letter = option[1] ?? ''
      const expected = String.fromCharCode(65 + draft.options.length)
      if (letter !== expected) {
        problems.push({ line, message: `Option ${letter} is out of order: ${expected} was expected.` })
        skipping = true
        return
      }
      draft.letters.push(letter)
      draft.options.push((option[2] ?? '').trim())
      return
    }
    if (draft && draft.options.length > 0) {
      problems.push({ line, message: 'Expected an option (A. …) or ANSWER: here.' })
      skipping = true
      return
    }
    draft ??= { line, prompt: [], letters: [], options: [] }
    draft.prompt.push(row)
  })
  const last = draft as Draft | null
  if (last && !skipping)
    problems.push({
      line: last.line,
      message: last.options.length ? 'This question has no ANSWER: line.' : 'This question has no options.',
    })
  if (questions.length === 0 && problems.length === 0) problems.push({ line: 1, message: 'The file has no questions.' })
  return { questions, problems }
}
