// The lesson editor shows one save state for its three rows: the one that most needs the author's attention.
import { describe, expect, it } from 'vitest'
import { combineSnapshots } from './use-lesson-autosave'

const at = (status: Parameters<typeof combineSnapshots>[0][number]['status'], error: unknown = null) => ({
  status,
  error,
})

describe('combineSnapshots', () => {
  it('puts a conflict before an error, an error before offline, offline before saving', () => {
    expect(combineSnapshots([at('saving'), at('conflict'), at('error', 'x')]).status).toBe('conflict')
    expect(combineSnapshots([at('offline', 'net'), at('error', 'refused'), at('saved')])).toEqual(
      at('error', 'refused'),
    )
    expect(combineSnapshots([at('saving'), at('offline', 'net')]).status).toBe('offline')
    expect(combineSnapshots([at('saved'), at('pending'), at('saving')]).status).toBe('saving')
  })

  it('is saved when every row is', () => {
    expect(combineSnapshots([at('saved'), at('saved'), at('saved')])).toEqual(at('saved'))
    expect(combineSnapshots([])).toEqual(at('saved'))
  })
})
