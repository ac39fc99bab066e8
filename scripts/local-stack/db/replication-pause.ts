// `npm run stack -- reset` runs in a process of its own while the running stack's Realtime holds a replication slot
// on the database. It asks the stack to pause replication with a marker file beside the stack's state and SIGUSR2;
// the stack pauses while the marker names a live process, and resumes when the marker goes (or its owner dies).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { profileDir } from '../paths.ts'
import type { StackState } from '../state.ts'
import { isAlive } from './cluster.ts'
import type { ReplicationControl } from './migrations.ts'
import { createClient } from './pools.ts'

/** `dir`: the stack's profile folder (.local-stack/<profile>), where its state lives. */
const markerFile = (dir: string) => path.join(dir, 'replication-paused')

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

/** The running stack's replication, driven from another process. */
export function stackReplication(state: StackState, dir = profileDir(state.profile)): ReplicationControl {
  const marker = markerFile(dir)
  return {
    async pauseReplication() {
      writeFileSync(marker, `${process.pid}\n`)
      poke(state.pid)
      // A stack that does not answer (older, or no signals here) is left to restore(), which closes its slot.
      await slotsReleased(state.dbUrl, 5_000)
    },
    resumeReplication() {
      rmSync(marker, { force: true })
      poke(state.pid)
    },
  }
}

/** In the stack: follows the marker on SIGUSR2, and every 2 s while paused checks its owner is still alive. */
export function watchReplicationPause(dir: string, control: ReplicationControl): () => void {
  const marker = markerFile(dir)
  rmSync(marker, { force: true }) // left by a reset that was killed before this stack started
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
      void control.pauseReplication()
    } else if (!wanted && paused) {
      paused = false
      rmSync(marker, { force: true })
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
