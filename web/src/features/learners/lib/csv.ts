// CSV for the roster export: RFC 4180 quoting (fields with commas, quotes or line breaks in double quotes, quotes
// doubled), CRLF line ends, and spreadsheet formula injection neutralised: a cell that starts with = + - @ (or a
// tab or carriage return, which some spreadsheets skip before reading a formula) gets a leading apostrophe.
const formulaStart = /^[=+\-@\t\r]/

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  // Numbers are ours (counts, percentages): only text that people typed can smuggle a formula.
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
