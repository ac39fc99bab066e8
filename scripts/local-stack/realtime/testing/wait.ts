// Waiting helpers for the Realtime tests: a channel's subscription outcome, a condition that becomes true, and a
// list that receives items — each failing with what was expected and what was seen.
import type { RealtimeChannel } from '@supabase/supabase-js'

/** Subscribes and resolves on SUBSCRIBED; rejects with the status and error otherwise. */
export function subscribe(channel: RealtimeChannel, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no SUBSCRIBED within ${timeoutMs} ms`)), timeoutMs)
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer)
        resolve()
      } else if (status !== 'CLOSED' || !error) {
        clearTimeout(timer)
        reject(new Error(`expected SUBSCRIBED, got ${status}${error ? `: ${error.message}` : ''}`))
      }
    })
  })
}

/** Subscribes, resolves on SUBSCRIBED, and keeps every status the channel reports (e.g. a later CLOSED). */
export async function subscribeTracked(channel: RealtimeChannel): Promise<string[]> {
  const statuses: string[] = []
  await new Promise<void>((resolve) =>
    channel.subscribe((status) => {
      statuses.push(status)
      if (status === 'SUBSCRIBED') resolve()
    }),
  )
  return statuses
}

/** Subscribes and resolves with the status and error of the first outcome (CHANNEL_ERROR, TIMED_OUT, ...). */
export function subscribeOutcome(channel: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => channel.subscribe((status, error) => resolve({ status, error })))
}

export async function waitFor(
  what: string | (() => string),
  condition: () => boolean,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Waits until `list` holds at least `count` items and returns them. */
export async function collected<T>(what: string, list: T[], count: number, timeoutMs = 5000): Promise<T[]> {
  const seen = () => `${count} × ${what} (have ${list.length}: ${JSON.stringify(list).slice(0, 800)})`
  await waitFor(seen, () => list.length >= count, timeoutMs)
  return list
}

/** Gives in-flight messages time to arrive, for asserting that something did not. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms))
