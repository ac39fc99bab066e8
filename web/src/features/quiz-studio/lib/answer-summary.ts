// One line saying what a question's key is, for lists and previews: "Right: B (Paris)", "Accepts: Paris, paris".
import type { ImportQuestion } from './import-question'

function formatNumber(value: number): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: 10 }).format(value)
}

export function answerSummary(question: ImportQuestion): string {
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      const right = question.options.filter((option) => question.correct_options.includes(option.id))
      const names = right.map((option) => `${option.id.toUpperCase()} (${option.text})`)
      return `Right: ${names.join(', ') || 'none'}`
    }
    case 'true_false':
      return `Right: ${question.correct_options[0] === 'false' ? 'False' : 'True'}`
    case 'short_answer':
      return `Accepts: ${question.accepted_answers.join(', ')}`
    case 'numeric':
      return question.numeric_answer === null
        ? 'Right: no number'
        : `Right: ${formatNumber(question.numeric_answer)}${question.tolerance > 0 ? ` ± ${formatNumber(question.tolerance)}` : ''}`
  }
}

/** The prompt as one short line of plain text, for lists. */
export function promptLine(markdown: string, max = 160): string {
  const plain = markdown
    .replace(/[`*_#>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain
}
