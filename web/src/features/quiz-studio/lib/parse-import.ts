// One entry point for the import dialog: the format chosen (or guessed from a file's name) picks the parser.
import { parseAiken } from './aiken'
import { parseCsv } from './csv'
import { parseGift } from './gift'
import type { ImportResult } from './import-question'

export type ImportFormat = 'gift' | 'aiken' | 'csv'

export const importFormats: { value: ImportFormat; label: string }[] = [
  { value: 'gift', label: 'Moodle GIFT' },
  { value: 'aiken', label: 'Aiken' },
  { value: 'csv', label: 'CSV' },
]

export function parseImport(format: ImportFormat, text: string): ImportResult {
  if (format === 'gift') return parseGift(text)
  if (format === 'aiken') return parseAiken(text)
  return parseCsv(text)
}

/** The format a file's name suggests: .csv is CSV; .gift is GIFT; a .txt may be either, so GIFT unless it looks Aiken. */
export function guessFormat(fileName: string, text: string): ImportFormat {
  const name = fileName.toLowerCase()
  if (name.endsWith('.csv')) return 'csv'
  if (name.endsWith('.gift')) return 'gift'
  if (/^ANSWER:\s*[A-Z]\s*$/im.test(text) && !/[{}]/.test(text)) return 'aiken'
  return 'gift'
}
