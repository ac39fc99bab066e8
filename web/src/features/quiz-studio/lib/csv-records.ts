// RFC 4180 records: comma-separated fields, optionally in double quotes (a quote inside doubled, line breaks
// allowed inside quotes). Each record keeps the line it starts on so problems can name it.

export interface CsvRecord {
  line: number
  fields: string[]
}

export type CsvReadResult = { records: CsvRecord[]; error: { line: number; message: string } | null }

/** Reads records from text whose line endings are already LF; stops at the first malformed record. */
export function readCsvRecords(text: string): CsvReadResult {
  const records: CsvRecord[] = []
  let line = 1
  let index = 0
  while (index < text.length) {
    const start = line
    const fields: string[] = []
    for (;;) {
      let field = ''
      if (text[index] === '"') {
        index++
        for (;;) {
          if (index >= text.length)
            return { records, error: { line: start, message: 'A quoted cell is not closed with ".' } }
          const character = text[index]
          if (character === '"') {
            if (text[index + 1] === '"') {
              field += '"'
              index += 2
              continue
            }
            index++
            break
          }
          if (character === '\n') line++
          field += character
          index++
        }
        const next = text[index]
        if (next !== undefined && next !== ',' && next !== '\n')
          return {
            records,
            error: { line, message: 'Text follows a closing quote; write a quote inside a quoted cell as "".' },
          }
      } else {
        while (index < text.length && text[index] !== ',' && text[index] !== '\n') {
          if (text[index] === '"')
            return {
              records,
              error: { line, message: 'A quote inside an unquoted cell: put the cell in quotes and double it.' },
            }
          field += text[index]
          index++
        }
      }
      fields.push(field)
      if (text[index] === ',') {
        index++
        continue
      }
      break
    }
    if (text[index] === '\n') {
      index++
      line++
    }
    records.push({ line: start, fields })
  }
  return { records, error: null }
}

/** Splits a cell at `|`; `\|` is a literal bar and `\\` a backslash. Empty pieces are dropped. */
export function splitCell(cell: string): string[] {
  const pieces: string[] = []
  let current = ''
  for (let index = 0; index < cell.length; index++) {
    const character = cell[index]
    if (character === '\\' && (cell[index + 1] === '|' || cell[index + 1] === '\\')) {
      current += cell[index + 1]
      index++
    } else if (character === '|') {
      pieces.push(current)
      current = ''
    } else current += character
  }
  pieces.push(current)
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '')
}
