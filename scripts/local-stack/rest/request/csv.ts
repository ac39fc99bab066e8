// A small RFC 4180 reader for `Content-Type: text/csv` inserts: a header line names the columns, every line must
// have as many fields, and the bare word NULL is SQL null (as in PostgREST's csvToJson).

function parseRecords(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  const endField = () => {
    record.push(field)
    field = ''
  }
  while (i < text.length) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      if (ch === '"') quoted = false
      else field += ch
      i++
      continue
    }
    if (ch === '"' && field === '') quoted = true
    else if (ch === ',') endField()
    else if (ch === '\n' || ch === '\r') {
      endField()
      records.push(record)
      record = []
      if (ch === '\r' && text[i + 1] === '\n') i++
    } else field += ch
    i++
  }
  if (field !== '' || record.length > 0) {
    endField()
    records.push(record)
  }
  return records
}

/**
 * Rows as objects, or undefined when the lines do not all have the header's number of fields. The objects have no
 * prototype, so a column named `__proto__` is an ordinary key (JSON.stringify writes it like any other).
 */
export function parseCsv(text: string): Record<string, string | null>[] | undefined {
  const [header, ...lines] = parseRecords(text)
  if (!header) return []
  const rows: Record<string, string | null>[] = []
  for (const line of lines) {
    if (line.length !== header.length) return undefined
    const row = Object.create(null) as Record<string, string | null>
    header.forEach((name, i) => (row[name] = line[i] === 'NULL' ? null : line[i]!))
    rows.push(row)
  }
  return rows
}
