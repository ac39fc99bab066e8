// The Range header of a download (a video player seeking): one byte range of the object, as S3 serves it. Several
// ranges or a malformed header mean the whole object (S3 answers those with 200); a range that starts past the end
// cannot be served.

export type RangeRequest = { kind: 'all' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' }

export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = header === undefined ? null : /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'all' }
  if (match[1] === '') {
    // "bytes=-500": the last 500 bytes.
    const length = Number(match[2])
    if (length === 0) return { kind: 'unsatisfiable' }
    return size === 0 ? { kind: 'unsatisfiable' } : { kind: 'part', start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' }
  if (end < start) return { kind: 'all' }
  return { kind: 'part', start, end }
}
