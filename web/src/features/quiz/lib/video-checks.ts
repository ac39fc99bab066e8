// When an in-video check is due: the video has just played through its moment (within a short window, so a seek far
// past it does not stop the video for a question about a part that was skipped), and it has not been asked yet.
import type { VideoCheck } from '../api/quiz.types'

/** How far past its moment a check still stops the video (time updates come every 250 ms or so). */
export const DUE_WINDOW_S = 1.5

export function dueCheck(checks: VideoCheck[], seconds: number, asked: ReadonlySet<string>): VideoCheck | null {
  return (
    checks.find((check) => !asked.has(check.id) && seconds >= check.at_s && seconds < check.at_s + DUE_WINDOW_S) ?? null
  )
}
