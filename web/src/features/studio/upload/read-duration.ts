// The length of a chosen video, read in the browser from its metadata by a detached <video> element, so the
// lesson's duration_s needs no server-side probe. Recordings without a duration in their header (some WebM files)
// report Infinity until the element is asked to seek to the end.
export const maxDurationSeconds = 86_400

/** Whole seconds within the database's range (0-86,400), or null when the value is not a length. */
export function durationSeconds(raw: number): number | null {
  if (!Number.isFinite(raw) || raw < 0) return null
  return Math.min(maxDurationSeconds, Math.round(raw))
}

export function readVideoDuration(file: Blob, timeoutMs = 10_000): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video')
    const url = URL.createObjectURL(file)
    let settled = false
    const finish = (value: number | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      video.removeAttribute('src')
      video.load()
      URL.revokeObjectURL(url)
      resolve(value)
    }
    const timer = setTimeout(() => finish(null), timeoutMs)
    video.preload = 'metadata'
    video.muted = true
    video.addEventListener('loadedmetadata', () => {
      if (Number.isFinite(video.duration)) finish(durationSeconds(video.duration))
      // Seeking far past the end makes the browser find the real end and report it.
      else video.currentTime = Number.MAX_SAFE_INTEGER
    })
    video.addEventListener('durationchange', () => {
      if (Number.isFinite(video.duration) && video.readyState >= 1) finish(durationSeconds(video.duration))
    })
    video.addEventListener('error', () => finish(null))
    video.src = url
  })
}
