// Moodle's GIFT format → Summit questions. Questions are separated by blank lines; `//` lines are comments;
// `::title::` names a question (Summit keeps no titles, so it is dropped); `[markdown]`-style format tags are
// dropped; `$CATEGORY: a/b` makes `a` and `b` the tags of the questions after it. The answer block may sit inside
// the text (Moodle's "missing word"), which then shows a blank (_____) in its place.
import { parseAnswerBlock } from './gift-answers'
import { findUnescaped, unescapeGift } from './gift-text'
import {
  checkQuestion,
  normaliseText,
  type ImportProblem,
  type ImportQuestion,
  type ImportResult,
} from './import-question'

interface Block {
  text: string
  /** The file's line number of each line of `text`. */
  lines: number[]
}

/** Groups the file's lines into blocks separated by blank lines, leaving out comment lines. */
function readBlocks(text: string): Block[] {
  const blocks: Block[] = []
  let current: { rows: string[]; lines: number[] } | null = null
  normaliseText(text)
    .split('\n')
    .forEach((row, index) => {
      if (row.trimStart().startsWith('//')) return
      if (row.trim() === '') {
        if (current) blocks.push({ text: current.rows.join('\n'), lines: current.lines })
        current = null
        return
      }
      current ??= { rows: [], lines: [] }
      current.rows.push(row)
      current.lines.push(index + 1)
    })
  const last = current as { rows: string[]; lines: number[] } | null
  if (last) blocks.push({ text: last.rows.join('\n'), lines: last.lines })
  return blocks
}

/** The file line of an offset in a block's text. */
function lineOf(block: Block, offset: number): number {
  const row = block.text.slice(0, Math.max(0, offset)).split('\n').length - 1
  return block.lines[Math.min(row, block.lines.length - 1)] ?? 1
}

/** The tags a `$CATEGORY:` path stands for: its segments, without Moodle's `$course$`-style contexts and `top`. */
function categoryTags(path: string): string[] {
  return path
    .split('/')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && !/^\$\w+\$$/.test(segment) && segment.toLowerCase() !== 'top')
}

/** Removes a leading `::title::` and `[format]` tag; returns the offset where the question's text begins. */
function skipHead(text: string): { start: number; error: string | null } {
  let start = text.length - text.trimStart().length
  if (text.startsWith('::', start)) {
    const end = findUnescaped(text, '::', start + 2)
    if (end === -1) return { start, error: 'The title (::title::) is not closed.' }
    start = end + 2
  }
  const rest = text.slice(start)
  const format = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(rest)
  if (format) start += format[0].length
  return { start, error: null }
}

function parseBlock(block: Block, tags: string[]): ImportQuestion | ImportProblem {
  const head = skipHead(block.text)
  if (head.error) return { line: block.lines[0] ?? 1, message: head.error }
  const open = findUnescaped(block.text, '{', head.start)
  if (open === -1)
    return { line: block.lines[0] ?? 1, message: 'No answer block ({…}): there is nothing to grade here.' }
  const close = findUnescaped(block.text, '}', open + 1)
  if (close === -1) return { line: lineOf(block, open), message: 'The answer block opened here is not closed with }.' }
  const nested = findUnescaped(block.text.slice(open + 1, close), '{')
  if (nested !== -1)
    return { line: lineOf(block, open + 1 + nested), message: 'A { inside an answer block must be written \\{.' }
  const after = block.text.slice(close + 1)
  if (findUnescaped(after, '{') !== -1 || findUnescaped(after, '}') !== -1)
    return {
      line: lineOf(block, close + 1),
      message: 'A question has one answer block; write a literal brace as \\{ or \\}.',
    }
  const answers = parseAnswerBlock(block.text.slice(open + 1, close))
  if (!answers.ok) return { line: lineOf(block, open + 1 + answers.offset), message: answers.message }
  const before = unescapeGift(block.text.slice(head.start, open)).trim()
  const rest = unescapeGift(after).trim()
  const prompt = rest === '' ? before : `${before} _____ ${rest}`.trim()
  const question: ImportQuestion = { ...answers.parts, prompt_md: prompt, points: 1, tags: [...tags] }
  const problem = checkQuestion(question)
  return problem ? { line: block.lines[0] ?? 1, message: problem } : question
}

export function parseGift(text: string): ImportResult {
  const questions: ImportQuestion[] = []
  const problems: ImportProblem[] = []
  let tags: string[] = []
  for (const original of readBlocks(text)) {
    let block = original
    const category = /^\s*\$CATEGORY:(.*)$/m.exec(block.text.split('\n')[0] ?? '')
    if (category) {
      tags = categoryTags(category[1] ?? '')
      // A question may follow its category line without a blank line between them.
      if (block.lines.length === 1) continue
      block = { text: block.text.split('\n').slice(1).join('\n'), lines: block.lines.slice(1) }
    }
    const parsed = parseBlock(block, tags)
    if ('kind' in parsed) questions.push(parsed)
    else problems.push(parsed)
  }
  if (questions.length === 0 && problems.length === 0) problems.push({ line: 1, message: 'The file has no questions.' })
  return { questions, problems }
}
