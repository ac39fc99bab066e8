// The step-up sequence without React: which refusals ask for a second factor (database, Auth, edge function
// bodies), the single retry after confirming, and the original error after a cancel or any other refusal.
import { describe, expect, it, vi } from 'vitest'
import { needsStepUp, runWithStepUp } from './step-up'

const aal2 = { code: 'aal2_required', message: 'Removing a learner needs two-factor sign-in.' }

function functionsError(body: unknown) {
  return Object.assign(new Error('Edge Function returned a non-2xx status code'), {
    name: 'FunctionsHttpError',
    context: new Response(JSON.stringify(body), { status: 403 }),
  })
}

describe('needsStepUp', () => {
  it('recognises the database, Auth and edge function refusals', async () => {
    await expect(needsStepUp(aal2)).resolves.toBe(true)
    await expect(needsStepUp({ error: { code: 'aal2_required', message: 'x' } })).resolves.toBe(true)
    await expect(needsStepUp({ name: 'AuthApiError', code: 'insufficient_aal', status: 422 })).resolves.toBe(true)
    await expect(needsStepUp(functionsError({ error: { code: 'aal2_required', message: 'x' } }))).resolves.toBe(true)
  })

  it('leaves every other error alone', async () => {
    await expect(needsStepUp({ code: 'forbidden' })).resolves.toBe(false)
    await expect(needsStepUp(new TypeError('Failed to fetch'))).resolves.toBe(false)
    await expect(needsStepUp(functionsError({ error: { code: 'validation_failed' } }))).resolves.toBe(false)
    await expect(needsStepUp(undefined)).resolves.toBe(false)
  })
})

describe('runWithStepUp', () => {
  it('returns the act’s answer without asking when it succeeds', async () => {
    const confirm = vi.fn(async () => true)
    await expect(runWithStepUp(async () => 'done', confirm)).resolves.toBe('done')
    expect(confirm).not.toHaveBeenCalled()
  })

  it('asks once and retries once after the user confirms', async () => {
    const act = vi.fn().mockRejectedValueOnce(aal2).mockResolvedValueOnce('removed')
    const confirm = vi.fn(async () => true)
    await expect(runWithStepUp(act, confirm)).resolves.toBe('removed')
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(act).toHaveBeenCalledTimes(2)
  })

  it('rejects with the original error when the user cancels, without retrying', async () => {
    const act = vi.fn().mockRejectedValue(aal2)
    await expect(runWithStepUp(act, async () => false)).rejects.toBe(aal2)
    expect(act).toHaveBeenCalledTimes(1)
  })

  it('treats a failing confirmation like a cancel', async () => {
    const act = vi.fn().mockRejectedValue(aal2)
    await expect(runWithStepUp(act, () => Promise.reject(new Error('dialog failed')))).rejects.toBe(aal2)
  })

  it('does not loop: a second refusal after confirming is the answer', async () => {
    const second = { code: 'aal2_required', message: 'still not enough' }
    const act = vi.fn().mockRejectedValueOnce(aal2).mockRejectedValueOnce(second)
    const confirm = vi.fn(async () => true)
    await expect(runWithStepUp(act, confirm)).rejects.toBe(second)
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(act).toHaveBeenCalledTimes(2)
  })

  it('passes other refusals through without asking', async () => {
    const forbidden = { code: 'forbidden', message: 'no' }
    const confirm = vi.fn(async () => true)
    await expect(runWithStepUp(() => Promise.reject(forbidden), confirm)).rejects.toBe(forbidden)
    expect(confirm).not.toHaveBeenCalled()
  })

  it('runs the act unguarded without a provider', async () => {
    await expect(runWithStepUp(() => Promise.reject(aal2), null)).rejects.toBe(aal2)
  })
})
