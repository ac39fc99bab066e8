// Speed and time left of an upload, from the progress samples the TUS client reports. A sliding window of recent
// samples keeps the speed steady between chunks yet quick to follow a change of network; the words are what the
// progress bar shows beside itself.
export interface TransferSample {
  /** Milliseconds (any monotonic clock). */
  at: number
  /** Bytes acknowledged so far. */
  bytes: number
}

export const speedWindowMs = 5000

/** The samples with the new one appended and those older than the window dropped (the newest stays). */
export function addSample(samples: readonly TransferSample[], sample: TransferSample, windowMs = speedWindowMs) {
  const kept = samples.filter((s) => sample.at - s.at <= windowMs && s.at <= sample.at)
  return [...kept, sample]
}

/** Bytes per second over the window, or null until two samples at least 200 ms apart say something. */
export function speedOf(samples: readonly TransferSample[]): number | null {
  const first = samples[0]
  const last = samples[samples.length - 1]
  if (!first || !last || last.at - first.at < 200) return null
  const bytes = last.bytes - first.bytes
  return bytes > 0 ? (bytes * 1000) / (last.at - first.at) : 0
}

/** Whole seconds until done at this speed; null when the speed is unknown or zero. */
export function secondsLeft(total: number, sent: number, speed: number | null): number | null {
  if (speed === null || speed <= 0) return null
  return Math.max(0, Math.ceil((total - sent) / speed))
}

const units = ['bytes', 'KB', 'MB', 'GB'] as const

/** 1024-based sizes with one decimal below 10 units: "512 bytes", "4.2 MB", "500 MB". */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  if (unit === 0) return `${Math.round(value)} bytes`
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value))
  return `${shown} ${units[unit]}`
}

export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`
}

/** "8 s left", "3 min 20 s left", "1 h 5 min left". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `${seconds} s left`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) {
    const rest = seconds % 60
    return rest ? `${minutes} min ${rest} s left` : `${minutes} min left`
  }
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest ? `${hours} h ${rest} min left` : `${hours} h left`
}
