// lazyFunctions: the client loads once, on the first invoke or after the page's load event when the browser is idle;
// invoke reaches it with its arguments; a load that failed is tried again on the next call.
import type { FunctionsClient } from '@supabase/functions-js'
import { describe, expect, it, vi } from 'vitest'
import { lazyFunctions } from './lazy-functions'

function fakeClient() {
  const invoke = vi.fn(async (name: string) => ({ data: { name }, error: null, response: undefined }))
  return { client: { invoke } as unknown as FunctionsClient, invoke }
}

describe('lazyFunctions', () => {
  it('loads the client once and forwards invoke with its arguments', async () => {
    const { client, invoke } = fakeClient()
    const create = vi.fn(async () => client)
    const functions = lazyFunctions(create)
    const [first, second] = await Promise.all([
      functions.invoke('enroll', { body: { course_id: 'c' } }),
      functions.invoke('lesson-media', { body: { lesson_id: 'l' } }),
    ])
    expect(first.data).toEqual({ name: 'enroll' })
    expect(second.data).toEqual({ name: 'lesson-media' })
    expect(invoke).toHaveBeenCalledWith('enroll', { body: { course_id: 'c' } })
    expect(create).toHaveBeenCalledTimes(1)
  })

  it('loads again after a load that failed', async () => {
    const { client } = fakeClient()
    const create = vi
      .fn<() => Promise<FunctionsClient>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(client)
    const functions = lazyFunctions(create)
    await expect(functions.invoke('enroll')).rejects.toThrow('Failed to fetch')
    await expect(functions.invoke('enroll')).resolves.toMatchObject({ data: { name: 'enroll' } })
    expect(create).toHaveBeenCalledTimes(2)
  })

  it('warms the client when the browser is idle after the page has loaded', async () => {
    const { client } = fakeClient()
    const create = vi.fn(async () => client)
    // jsdom's document has loaded: warming starts on the next idle callback (or timeout).
    expect(document.readyState).toBe('complete')
    lazyFunctions(create)
    expect(create).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1))
  })
})
