// Content-Range and the status it implies (PostgREST's RangeQuery): `0-24/*` without a count, `0-24/100` with
// one, `*/0` when nothing matched; 206 when a count shows the page is partial, 416 when the offset passes the end.

export function contentRange(lower: number, upper: number, total: number | null | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total === null || total === undefined ? '*' : total}`
}

export function rangeStatus(
  offset: number,
  pageTotal: number,
  total: number | null | undefined,
): {
  status: number
  contentRange: string
} {
  const upper = offset + pageTotal - 1
  let status = 200
  if (total !== null && total !== undefined) {
    if (offset > total) status = 416
    else if (1 + upper - offset < total) status = 206
  }
  return { status, contentRange: contentRange(offset, upper, total) }
}
