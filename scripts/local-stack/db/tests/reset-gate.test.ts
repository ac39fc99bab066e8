// The handshake `stack reset` has with a running stack (here this same process, as reset.test.ts drives it): the
// stack pauses on the marker and its signal, says it has only once its pause (the gate closed and drained) is done,
// and resumes when the marker goes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { releasePause, requestPause, stackPaused, watchReplicationPause } from '../replication-pause.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('reset pause handshake', () => {
  let dir: string | undefined
  let unwatch: (() => void) | undefined
  afterEach(() => {
    unwatch?.()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('answers ready only after the pause is done, and resumes when released', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'summit-reset-gate-'))
    const calls: string[] = []
    let finishPause: () => void = () => {}
    unwatch = watchReplicationPause(dir, {
      pauseReplication: () =>
        new Promise<void>((resolve) => {
          calls.push('pause')
          finishPause = () => (calls.push('paused'), resolve())
        }),
      resumeReplication: () => void calls.push('resume'),
    })
    requestPause(dir, process.pid)
    // The pause has begun but not finished (requests still inside): not ready yet.
    expect(await stackPaused(dir, 300)).toBe(false)
    expect(calls).toEqual(['pause'])
    finishPause()
    expect(await stackPaused(dir, 2_000)).toBe(true)
    releasePause(dir, process.pid)
    for (let i = 0; i < 100 && !calls.includes('resume'); i++) await sleep(10)
    expect(calls).toEqual(['pause', 'paused', 'resume'])
    // Released: a later reset waits for a new answer.
    expect(await stackPaused(dir, 100)).toBe(false)
  })
})
