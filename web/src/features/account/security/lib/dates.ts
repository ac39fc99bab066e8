// Dates in the security section, in the reader's locale: "Added 25 Nov 2026".
const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' })

export function formatAddedOn(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? 'recently' : dayFormat.format(date)
}
