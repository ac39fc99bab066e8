// `npm run stack -- reset` runs in a process of its own while the running stack's Realtime holds a replication slot
// on the database and its gateway lets requests through. It asks the stack to pause (replication, and the gateway's
// gate to the database) with a marker file beside the stack's state and SIGUSR2; the stack pauses while the marker
// names a live process, says it has (a ready file, once the requests inside have finished), and resumes when the
// marker goes (or its owner dies).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { profileDir } from '../paths.ts'
import { isAlive, type StackState } from '../state.ts'
import type { ReplicationControl } from './migrations.ts'
import { createClient } from './pools.ts'

/** `dir`: the stack's profile folder (.local-stack/<profile>), where its state lives. */
const markerFile = (dir: string) => path.join(dir, 'replication-paused')
/** Written by the stack once paused: its gate is closed and the requests that were inside have finished. */
const readyFile = (dir: string) => path.join(dir, 'replication-paused.ready')

/** How long a reset waits for the stack to say it has paused before going ahead anyway. */
const PAUSE_WAIT_MS = 5_000

/** SIGUSR2 (SIGUSR1 starts Node's inspector). Platforms without it: the restore's own slot handling remains. */
function poke(pid: number): void {
  try {
    process.kill(pid, 'SIGUSR2')
  } catch {
    // Gone, or no such signal here.
  }
}

/** Resolves once no active logical slot is left on the database of `url`, or after `timeoutMs`. */
async function slotsReleased(url: string, timeoutMs: number): Promise<boolean> {
  const client = createClient({ url, applicationName: 'summit-migrations' })
  await client.connect()
  try {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const { rows } = await client.query<{ active: number }>(
        'select count(*)::int as active from pg_replication_slots where database = current_database() and active',
      )
      if (rows[0]!.active === 0) return true
      if (Date.now() > deadline) return false
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } finally {
    await client.end()
  }
}

/** Resolves true once the stack has written its ready file, or false after `timeoutMs`. */
export async function stackPaused(dir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!existsSync(readyFile(dir))) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

/** Asks the stack of process `pid` (watching `dir`) to pause, on behalf of this process. */
export function requestPause(dir: string, pid: number): void {
  rmSync(readyFile(dir), { force: true })
  writeFileSync(markerFile(dir), `${process.pid}\n`)
  poke(pid)
}

/** Lets the stack of process `pid` resume. */
export function releasePause(dir: string, pid: number): void {
  rmSync(markerFile(dir), { force: true })
  poke(pid)
}

/** The running stack's replication and gate, driven from another process. */
export function stackReplication(state: StackState, dir = profileDir(state.profile)): ReplicationControl {
  return {
    async pauseReplication() {
      requestPause(dir, state.pid)
      // A stack that does not answer (older, or no signals here) is left to restore(), which closes its slot; only a
      // stack with a gate writes the ready file.
      await Promise.all([
        slotsReleased(state.dbUrl, PAUSE_WAIT_MS),
        state.resetGate ? stackPaused(dir, PAUSE_WAIT_MS) : undefined,
      ])
    },
    resumeReplication() {
      releasePause(dir, state.pid)
    },
  }
}

/** In the stack: follows the marker on SIGUSR2, and every 2 s while paused checks its owner is still alive. */
export function watchReplicationPause(dir: string, control: ReplicationControl): () => void {
  const marker = markerFile(dir)
  const ready = readyFile(dir)
  rmSync(marker, { force: true }) // left by a reset that was killed before this stack started
  rmSync(ready, { force: true })
  let paused = false
  const owner = () => {
    if (!existsSync(marker)) return undefined
    const pid = Number(readFileSync(marker, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined
  }
  const follow = () => {
    const wanted = owner() !== undefined
    if (wanted && !paused) {
      paused = true
      void control.pauseReplication().then(() => {
        if (paused) writeFileSync(ready, `${process.pid}\n`)
      })
    } else if (!wanted && paused) {
      paused = false
      rmSync(marker, { force: true })
      rmSync(ready, { force: true })
      control.resumeReplication()
    }
  }
  process.on('SIGUSR2', follow)
  const timer = setInterval(() => paused && follow(), 2_000)
  timer.unref()
  return () => {
    process.off('SIGUSR2', follow)
    clearInterval(timer)
    if (paused) control.resumeReplication()
  }
}
