// Summit's CSV question format (RFC 4180). The first row is the header
//   kind,prompt,options,correct,points,tags,explanation
// (kind, prompt and correct required; the others may be left out or empty; any order). Inside a cell, `|` separates
// several values (`\|` is a literal bar):
//   - options: the choices of a single/multiple question, in order (A, B, C … by position);
//   - correct: single/multiple → the right options' letters (`A` or `A|C`); true_false → `true` or `false`;
//     short_answer → the accepted answers (`Paris|paris, France`); numeric → `3.14`, `3.14:0.01` or `1..2`;
//   - points: a number above 0 (1 when empty); tags: `algebra|week 1`; explanation: markdown shown in review.
import { readCsvRecords, splitCell, type CsvRecord } from './csv-records'
import {
  blankQuestion,
  checkQuestion,
  normaliseText,
  optionId,
  questionKinds,
  type ImportProblem,
  type ImportQuestion,
  type ImportResult,
  type QuestionKind,
} from './import-question'
import { parseDecimal } from './gift-text'
import { readNumericAnswer } from './numeric-answer'

export const csvColumns = ['kind', 'prompt', 'options', 'correct', 'points', 'tags', 'explanation'] as const
type Column = (typeof csvColumns)[number]
const requiredColumns: Column[] = ['kind', 'prompt', 'correct']

function isKind(value: string): value is QuestionKind {
  return (questionKinds as readonly string[]).includes(value)
}

/** Reads the right options' letters (or 1-based numbers) into option ids. */
function readChoiceKey(pieces: string[], optionCount: number): string[] | string {
  const ids: string[] = []
  for (const piece of pieces) {
    const upper = piece.toUpperCase()
    const position = /^[A-J]$/.test(upper) ? upper.charCodeAt(0) - 65 : /^\d+$/.test(piece) ? Number(piece) - 1 : -1
    if (position < 0) return `“${piece}” is not an option letter (A, B, C …).`
    if (position >= optionCount) return `“${piece}” names no option: there are ${optionCount}.`
    const id = optionId(position)
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}

function readRow(record: CsvRecord, at: Record<Column, number>): ImportQuestion | string {
  const cell = (column: Column) => (at[column] === -1 ? '' : (record.fields[at[column]] ?? ''))
  const kind = cell('kind').trim().toLowerCase()
  if (!isKind(kind)) return `Unknown kind “${cell('kind').trim()}”: use one of ${questionKinds.join(', ')}.`
  const question = blankQuestion(kind, cell('prompt').trim())
  const pointsText = cell('points').trim()
  if (pointsText !== '') {
    const points = parseDecimal(pointsText)
    if (points === null || points <= 0) return `Points “${pointsText}” is not a number above 0.`
    question.points = points
  }
  question.tags = splitCell(cell('tags'))
  question.explanation_md = cell('explanation').trim() || null
  const correct = cell('correct').trim()
  switch (kind) {
    case 'single':
    case 'multiple': {
      question.options = splitCell(cell('options')).map((text, index) => ({ id: optionId(index), text }))
      const key = readChoiceKey(splitCell(correct), question.options.length)
      if (typeof key === 'string') return key
      question.correct_options = key
      break
    }
    case 'true_false': {
      const value = correct.toLowerCase()
      if (!['true', 'false', 't', 'f'].includes(value)) return `“${correct}” is not true or false.`
      question.correct_options = [value.startsWith('t') ? 'true' : 'false']
      break
    }
    case 'short_answer':
      question.accepted_answers = splitCell(correct)
      break
    case 'numeric': {
      const read = readNumericAnswer(correct)
      if (typeof read === 'string') return read
      question.numeric_answer = read.value
      question.tolerance = read.tolerance
      break
    }
  }
  return checkQuestion(question) ?? question
}

export function parseCsv(text: string): ImportResult {
  const questions: ImportQuestion[] = []
  const problems: ImportProblem[] = []
  const { records, error } = readCsvRecords(normaliseText(text))
  const rows = records.filter((record) => record.fields.some((field) => field.trim() !== ''))
  const header = rows.shift()
  if (!header) {
    problems.push(error ?? { line: 1, message: 'The file is empty: it needs a header row and a question a row.' })
    return { questions, problems }
  }
  const names = header.fields.map((field) => field.trim().toLowerCase())
  const at = Object.fromEntries(csvColumns.map((column) => [column, names.indexOf(column)])) as Record<Column, number>
  const missing = requiredColumns.filter((column) => at[column] === -1)
  if (missing.length > 0) {
    problems.push({
      line: header.line,
      message: `The header lacks ${missing.join(', ')}; it should read ${csvColumns.join(',')}.`,
    })
    return { questions, problems }
  }
  const unknown = names.filter((name) => !(csvColumns as readonly string[]).includes(name))
  if (unknown.length > 0)
    problems.push({ line: header.line, message: `Unknown column ignored: ${unknown.join(', ')}.` })
  for (const record of rows) {
    if (record.fields.length > names.length) {
      problems.push({
        line: record.line,
        message: `The row has ${record.fields.length} cells; the header has ${names.length}.`,
      })
      continue
    }
    const read = readRow(record, at)
    if (typeof read === 'string') problems.push({ line: record.line, message: read })
    else questions.push(read)
  }
  if (error) problems.push({ ...error, message: `${error.message} Reading stopped here.` })
  else if (rows.length === 0) problems.push({ line: header.line, message: 'The file has a header but no questions.' })
  return { questions, problems }
}
