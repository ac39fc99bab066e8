// The record of a running stack (.local-stack/state.json), so that `npm run stack -- status|stop|reset` can find
// the process that owns it. A record whose process is gone is stale and ignored.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { stackDir, stateFile, type Profile } from './paths.ts'

export interface StackState {
  /** The supervising process: stopping it stops everything it started. */
  pid: number
  profile: Profile
  startedAt: string
  dbUrl: string
  webUrl?: string
  /** The stack closes its gateway's gate during `stack reset` and says when it has (see db/replication-pause.ts). */
  resetGate?: boolean
}

export function readState(): StackState | undefined {
  if (!existsSync(stateFile)) return undefined
  try {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as StackState
    return isAlive(state.pid) ? state : undefined
  } catch {
    return undefined
  }
}

export function writeState(state: StackState): void {
  mkdirSync(stackDir, { recursive: true })
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`)
}

export function clearState(pid = process.pid): void {
  if (!existsSync(stateFile)) return
  try {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as StackState
    if (state.pid !== pid) return
  } catch {
    // An unreadable record is nobody's: remove it.
  }
  rmSync(stateFile, { force: true })
}

/** Whether process `pid` exists (one of another user, which signals refuse, counts too). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
