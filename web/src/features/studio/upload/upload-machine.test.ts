// The upload's phases: progress with speed, drops and retries, pause and resume, storing then saving, refusals.
import { describe, expect, it } from 'vitest'
import {
  figuresOf,
  initialUploadState,
  isRetryableStatus,
  refusalMessage,
  uploadReducer,
  type UploadEvent,
  type UploadState,
} from './upload-machine'

const MiB = 1024 * 1024
const run = (events: UploadEvent[], from: UploadState = initialUploadState) => events.reduce(uploadReducer, from)

describe('upload machine', () => {
  it('reports percent, speed and time left while sending', () => {
    const state = run([
      { type: 'start', name: 'intro.webm', total: 60 * MiB },
      { type: 'progress', sent: 0, at: 0 },
      { type: 'progress', sent: 6 * MiB, at: 1000 },
      { type: 'progress', sent: 12 * MiB, at: 2000 },
    ])
    expect(state.phase).toBe('uploading')
    expect(figuresOf(state)).toEqual({
      percent: 20,
      sent: 12 * MiB,
      total: 60 * MiB,
      bytesPerSecond: 6 * MiB,
      secondsLeft: 8,
    })
  })

  it('keeps the bytes sent across a dropped connection and starts measuring again on resume', () => {
    const cut = run([
      { type: 'start', name: 'intro.webm', total: 10 * MiB },
      { type: 'progress', sent: 0, at: 0 },
      { type: 'progress', sent: 6 * MiB, at: 1000 },
      { type: 'retry', attempt: 1 },
      { type: 'interrupted' },
    ])
    expect(cut).toMatchObject({ phase: 'interrupted', sent: 6 * MiB })
    expect(figuresOf(cut)?.bytesPerSecond).toBeNull()
    const resumed = run([{ type: 'resume' }], cut)
    expect(resumed).toMatchObject({ phase: 'uploading', sent: 6 * MiB, samples: [] })
    expect(figuresOf(resumed)?.percent).toBe(60)
  })

  it('ignores late progress while paused and resumes from where it stood', () => {
    const paused = run([
      { type: 'start', name: 'a.mp4', total: 100 },
      { type: 'progress', sent: 40, at: 0 },
      { type: 'pause' },
      { type: 'progress', sent: 50, at: 10 },
      { type: 'interrupted' },
    ])
    expect(paused).toMatchObject({ phase: 'paused', sent: 40 })
    expect(run([{ type: 'resume' }], paused)).toMatchObject({ phase: 'uploading', sent: 40 })
  })

  it('saves the lesson after the last byte, then is done', () => {
    const stored = run([
      { type: 'start', name: 'a.mp4', total: 100 },
      { type: 'progress', sent: 100, at: 0 },
      { type: 'stored' },
    ])
    expect(stored).toEqual({ phase: 'saving', name: 'a.mp4', total: 100 })
    expect(figuresOf(stored)).toBeNull()
    expect(run([{ type: 'saved' }], stored)).toEqual({ phase: 'done', name: 'a.mp4', total: 100 })
  })

  it('fails with the sentence and forgets it on reset', () => {
    const failed = run([
      { type: 'start', name: 'a.mp4', total: 100 },
      { type: 'fail', message: 'No.' },
    ])
    expect(failed).toEqual({ phase: 'failed', name: 'a.mp4', message: 'No.' })
    expect(run([{ type: 'reset' }], failed)).toEqual(initialUploadState)
  })

  it('retries network failures, server errors and lock conflicts, not refusals', () => {
    expect([undefined, 0, 500, 503, 409, 423].map(isRetryableStatus)).toEqual([true, true, true, true, true, true])
    expect([400, 401, 403, 404, 410, 413, 415].map(isRetryableStatus)).toEqual(Array(7).fill(false))
  })

  it('words the storage refusals', () => {
    expect(refusalMessage(413)).toMatch(/larger than the course media limit/)
    expect(refusalMessage(415)).toMatch(/not accepted/)
    expect(refusalMessage(400, 'new row violates row-level security policy')).toMatch(/not allowed/)
    expect(refusalMessage(410)).toMatch(/expired/)
    expect(refusalMessage(undefined)).toMatch(/could not reach/)
  })
})
