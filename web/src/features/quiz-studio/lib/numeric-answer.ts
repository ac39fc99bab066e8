// A numeric answer as GIFT writes it and the CSV import reuses: `3.14`, `3.14:0.01` (value:tolerance) or `1..2`
// (a range, kept as its middle and half its width). Answers a sentence when the text is not one of these.
import { parseDecimal } from './gift-text'

export function readNumericAnswer(text: string): { value: number; tolerance: number } | string {
  if (text === '') return 'The numeric answer is missing.'
  const range = text.indexOf('..')
  if (range !== -1) {
    const low = parseDecimal(text.slice(0, range))
    const high = parseDecimal(text.slice(range + 2))
    if (low === null || high === null) return `“${text}” is not a range of numbers (write low..high).`
    if (high < low) return `The range “${text}” ends below its start.`
    return { value: (low + high) / 2, tolerance: (high - low) / 2 }
  }
  const [valueText = '', toleranceText, extra] = text.split(':')
  if (extra !== undefined) return `“${text}” is not a number with a tolerance (write value:tolerance).`
  const value = parseDecimal(valueText)
  if (value === null) return `“${valueText.trim()}” is not a number.`
  if (toleranceText === undefined) return { value, tolerance: 0 }
  const tolerance = parseDecimal(toleranceText)
  if (tolerance === null || tolerance < 0)
    return `The tolerance “${toleranceText.trim()}” is not a number of 0 or more.`
  return { value, tolerance }
}
