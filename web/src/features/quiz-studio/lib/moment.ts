// Moments of a video as authors write them: "90", "1:30" or "1:02:03" → seconds, and back to "1:30".

/** Seconds from "ss", "m:ss" or "h:mm:ss"; null when the text is none of these. */
export function parseMoment(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+(:[0-5]?\d){0,2}$/.test(trimmed)) return null
  return trimmed.split(':').reduce((total, part) => total * 60 + Number(part), 0)
}

export function formatMoment(seconds: number): string {
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const rest = String(seconds % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}
