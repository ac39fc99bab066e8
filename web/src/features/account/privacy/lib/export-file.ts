// Saving the account export as a file: `summit-export-2026-11-25.json` (the reader's local date), handed to the
// browser through a Blob and a temporary object URL, so nothing is uploaded or kept in memory afterwards.

/** `summit-export-<YYYY-MM-DD>.json`, dated in the reader's own time zone. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `summit-export-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`
}

/** Starts the browser's download of `data` as pretty-printed JSON named `fileName`. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    // Revoked on the next task: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}
