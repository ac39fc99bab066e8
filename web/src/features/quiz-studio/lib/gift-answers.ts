// Reads the inside of one GIFT answer block ({…}) into the parts of a question: its kind, options and key. Matching
// and essay questions have no Summit kind and are refused with a reason; per-answer feedback is dropped (Summit
// explains a question once), the block's general feedback (####…) becomes the explanation.
import { findUnescaped, parseDecimal, splitUnescaped, unescapeGift } from './gift-text'
import { readNumericAnswer } from './numeric-answer'
import { optionId, trueFalseOptions, type ImportQuestion } from './import-question'

type AnswerParts = Pick<
  ImportQuestion,
  'kind' | 'options' | 'correct_options' | 'accepted_answers' | 'numeric_answer' | 'tolerance' | 'explanation_md'
>

/** The parts, or a problem: `offset` is where in the block it lies. */
export type AnswerBlockResult = { ok: true; parts: AnswerParts } | { ok: false; message: string; offset: number }

interface Choice {
  marker: '=' | '~'
  weight: number | null
  text: string
  offset: number
}

const trueFalsePattern = /^(T|F|TRUE|FALSE)$/i

function fail(message: string, offset = 0): AnswerBlockResult {
  return { ok: false, message, offset }
}

function empty(): AnswerParts {
  return {
    kind: 'single',
    options: [],
    correct_options: [],
    accepted_answers: [],
    numeric_answer: null,
    tolerance: 0,
    explanation_md: null,
  }
}

/** Drops an answer's own feedback (after an unescaped #). */
function withoutFeedback(text: string): string {
  const hash = findUnescaped(text, '#')
  return hash === -1 ? text : text.slice(0, hash)
}

export function parseAnswerBlock(block: string): AnswerBlockResult {
  const general = findUnescaped(block, '####')
  const body = general === -1 ? block : block.slice(0, general)
  const explanation = general === -1 ? null : unescapeGift(block.slice(general + 4)).trim() || null
  const trimmed = body.trim()
  const lead = body.length - body.trimStart().length
  if (trimmed === '') return fail('Essay questions ({}) cannot be imported: Summit grades every question.')
  let result: AnswerBlockResult
  if (trimmed.startsWith('#')) result = parseNumeric(trimmed.slice(1), lead + 1)
  else if (trueFalsePattern.test(withoutFeedback(trimmed).trim())) result = parseTrueFalse(trimmed)
  else result = parseChoices(body)
  if (result.ok) result.parts.explanation_md = explanation
  return result
}

function parseTrueFalse(text: string): AnswerBlockResult {
  const value = withoutFeedback(text).trim().toUpperCase()
  const parts = empty()
  parts.kind = 'true_false'
  parts.options = trueFalseOptions.map((option) => ({ ...option }))
  parts.correct_options = [value.startsWith('T') ? 'true' : 'false']
  return { ok: true, parts }
}

/** Reads `%50%` at the start of an answer; NaN when the weight is not a number. */
function readWeight(text: string): { weight: number | null; rest: string } {
  const match = /^%(-?[^%]*)%/.exec(text)
  if (!match) return { weight: null, rest: text }
  const weight = parseDecimal(match[1] ?? '')
  return { weight: weight ?? Number.NaN, rest: text.slice(match[0].length) }
}

function parseNumeric(text: string, base: number): AnswerBlockResult {
  const pieces = splitUnescaped(text, '=')
  // `{#=1822:0 =%50%1821:2}` lists answers; `{#3.14:0.01}` has one. Take the first full-credit answer.
  const answers = pieces.length === 1 ? pieces : pieces.slice(1)
  if (pieces.length > 1 && pieces[0]?.text.trim() !== '')
    return fail('A numeric answer list starts every answer with =.', base)
  for (const piece of answers) {
    const { weight, rest } = readWeight(withoutFeedback(piece.text).trim())
    if (Number.isNaN(weight)) return fail(`The weight in “${piece.text.trim()}” is not a number.`, base + piece.offset)
    if (weight !== null && weight !== 100) continue
    const read = readNumericAnswer(rest.trim())
    if (typeof read === 'string') return fail(read, base + piece.offset)
    const parts = empty()
    parts.kind = 'numeric'
    parts.numeric_answer = read.value
    parts.tolerance = read.tolerance
    return { ok: true, parts }
  }
  return fail('No numeric answer gets full credit.', base)
}

/** Splits `=a ~b ~%50%c` into its answers, each starting at an unescaped = or ~. */
function readChoices(body: string): Choice[] | AnswerBlockResult {
  const choices: Choice[] = []
  let current: Choice | null = null
  for (let index = 0; index < body.length; index++) {
    const character = body[index]
    if (character === '\\') {
      if (current) current.text += body.slice(index, index + 2)
      index++
      continue
    }
    if (character === '=' || character === '~') {
      current = { marker: character, weight: null, text: '', offset: index }
      choices.push(current)
      continue
    }
    if (current) current.text += character
    else if (character?.trim()) return fail('Answers start with = (right) or ~ (wrong).', index)
  }
  return choices
}

function parseChoices(body: string): AnswerBlockResult {
  const read = readChoices(body)
  if (!Array.isArray(read)) return read
  const choices: Choice[] = []
  for (const choice of read) {
    if (findUnescaped(choice.text, '->') !== -1)
      return fail('Matching questions (->) cannot be imported.', choice.offset)
    const { weight, rest } = readWeight(choice.text.trim())
    if (Number.isNaN(weight)) return fail(`The weight in “${choice.text.trim()}” is not a number.`, choice.offset)
    const text = unescapeGift(withoutFeedback(rest)).trim()
    if (text === '') return fail('An answer has no text.', choice.offset)
    choices.push({ ...choice, weight, text })
  }
  const parts = empty()
  if (choices.every((choice) => choice.marker === '=')) {
    // Only = answers: a short answer; answers worth less than full credit cannot be represented and are left out.
    parts.kind = 'short_answer'
    parts.accepted_answers = choices
      .filter((choice) => choice.weight === null || choice.weight === 100)
      .map((choice) => choice.text)
    if (parts.accepted_answers.length === 0) return fail('No accepted answer gets full credit.')
    return { ok: true, parts }
  }
  parts.options = choices.map((choice, index) => ({ id: optionId(index), text: choice.text }))
  const right = choices.flatMap((choice, index) => {
    const isRight = choice.marker === '=' ? choice.weight === null || choice.weight > 0 : (choice.weight ?? 0) > 0
    return isRight ? [optionId(index)] : []
  })
  if (right.length === 0) return fail('No answer is marked right (= or ~%n% with n above 0).')
  parts.kind = right.length === 1 ? 'single' : 'multiple'
  parts.correct_options = right
  return { ok: true, parts }
}
