// Clock positions in a video ("3:12", "1:02:05"), apart from the other durations (./duration): a small module shared
// by several chunks is copied whole into each, and the player, which shows only these, carried every formatter.

export function clockParts(totalSeconds: number) {
  const s = Math.max(0, Math.floor(totalSeconds))
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 }
}

const two = (n: number) => String(n).padStart(2, '0')

/** A position or a lesson's length as m:ss, h:mm:ss from an hour up; a moment is the second it is in (3:12.9 is 3:12). */
export function formatClock(totalSeconds: number): string {
  const { hours, minutes, seconds } = clockParts(totalSeconds)
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`
}
