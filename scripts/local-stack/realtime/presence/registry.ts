// Who is present on each topic, as Phoenix.Presence keeps it: a presence key holds one meta per tracking channel,
// each meta with its `phx_ref` (and `phx_ref_prev` after an update). track/untrack return the diff to broadcast,
// or nothing when nothing changed (tracking the same payload again is not a change).
import { randomBytes } from 'node:crypto'
import type { Json, JsonObject } from '../socket/messages.ts'

export interface Presence {
  readonly hubKey: string
  readonly presenceKey: string
}

interface Entry {
  owner: Presence
  ref: string
  payload: JsonObject
  /** The JSON of payload, to tell an update from a repeat. */
  text: string
}

export interface PresenceDiff {
  joins: Record<string, { metas: Json[] }>
  leaves: Record<string, { metas: Json[] }>
}

const newRef = () => randomBytes(8).toString('base64url')
const meta = (entry: Entry, extra: JsonObject = {}): JsonObject => ({ ...entry.payload, ...extra, phx_ref: entry.ref })

export class PresenceRegistry {
  /** hub key → presence key → entries */
  private readonly topics = new Map<string, Map<string, Entry[]>>()

  track(owner: Presence, payload: JsonObject): PresenceDiff | undefined {
    const entries = this.entries(owner, true)!
    const text = JSON.stringify(payload)
    const current = entries.find((entry) => entry.owner === owner)
    if (current?.text === text) return undefined
    const entry: Entry = { owner, ref: newRef(), payload, text }
    if (!current) {
      entries.push(entry)
      return { joins: { [owner.presenceKey]: { metas: [meta(entry)] } }, leaves: {} }
    }
    entries.splice(entries.indexOf(current), 1, entry)
    return {
      joins: { [owner.presenceKey]: { metas: [meta(entry, { phx_ref_prev: current.ref })] } },
      leaves: { [owner.presenceKey]: { metas: [meta(current)] } },
    }
  }

  untrack(owner: Presence): PresenceDiff | undefined {
    const entries = this.entries(owner, false)
    const current = entries?.find((entry) => entry.owner === owner)
    if (!entries || !current) return undefined
    entries.splice(entries.indexOf(current), 1)
    if (entries.length === 0) {
      const keys = this.topics.get(owner.hubKey)!
      keys.delete(owner.presenceKey)
      if (keys.size === 0) this.topics.delete(owner.hubKey)
    }
    return { joins: {}, leaves: { [owner.presenceKey]: { metas: [meta(current)] } } }
  }

  /** presence_state: every key of the topic with its metas. */
  state(hubKey: string): Record<string, { metas: Json[] }> {
    const state: Record<string, { metas: Json[] }> = {}
    for (const [key, entries] of this.topics.get(hubKey) ?? []) {
      state[key] = { metas: entries.map((entry) => meta(entry)) }
    }
    return state
  }

  private entries(owner: Presence, create: boolean): Entry[] | undefined {
    let keys = this.topics.get(owner.hubKey)
    if (!keys) {
      if (!create) return undefined
      this.topics.set(owner.hubKey, (keys = new Map()))
    }
    let entries = keys.get(owner.presenceKey)
    if (!entries && create) keys.set(owner.presenceKey, (entries = []))
    return entries
  }
}
