// How a moment of a video is written in notes: "3:12", "1:02:05" past an hour; and the words a screen reader hears.
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

export function spokenTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  const parts: string[] = []
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (h) parts.push(`${h} hour${h === 1 ? '' : 's'}`)
  if (m) parts.push(`${m} minute${m === 1 ? '' : 's'}`)
  if (s || parts.length === 0) parts.push(`${s} second${s === 1 ? '' : 's'}`)
  return parts.join(' ')
}
