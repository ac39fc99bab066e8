// One batch of changes checked on several connections at once: its candidate subscribers are shared out between
// parts (a socket's subscribers all in one part), each part runs apply_rls() over every change of the batch with its
// own candidates, and the parts' answers are put back together. A batch with many subscribers thus uses the
// database's cores together, where one call would probe every subscriber on one core.
import type { ApplyRlsRow, BatchItem } from './apply-rls.ts'

/** The fewest candidates a part is given: below that, another query costs more than the probes it takes over. */
export const MIN_PART_CANDIDATES = 100

/**
 * The batch as `parts` batches (fewer when it has few candidates), each with every change and a share of each
 * change's candidates in their order. `groupOf` names what must stay together (a socket: its channels then receive
 * a change in the order one call gives). A change checked against every subscriber (candidates null) cannot be
 * shared out: then the batch stays whole. There are no more parts than `minPart` candidates each would make.
 */
export function splitBatch(
  items: BatchItem[],
  parts: number,
  groupOf: (uuid: string) => unknown,
  minPart = MIN_PART_CANDIDATES,
): BatchItem[][] {
  if (items.some((item) => item.candidates === null)) return [items]
  const loads = new Map<unknown, number>()
  let total = 0
  for (const item of items) {
    for (const uuid of item.candidates!) {
      const group = groupOf(uuid)
      loads.set(group, (loads.get(group) ?? 0) + 1)
      total++
    }
  }
  const count = Math.min(parts, Math.floor(total / minPart), loads.size)
  if (count < 2) return [items]
  // The heaviest groups first, each to the part with the least so far.
  const sizes = new Array<number>(count).fill(0)
  const partOf = new Map<unknown, number>()
  for (const [group, load] of [...loads].sort((a, b) => b[1] - a[1])) {
    const part = sizes.indexOf(Math.min(...sizes))
    partOf.set(group, part)
    sizes[part]! += load
  }
  return sizes.map((_, part) =>
    items.map((item) => ({
      wal: item.wal,
      candidates: item.candidates!.filter((uuid) => partOf.get(groupOf(uuid)) === part),
    })),
  )
}

/**
 * The parts' rows as one call over all candidates gives them: each part answers with the same rows (one per role
 * and set of selected columns of each change, errors included), differing only in which of its own candidates may
 * see them, so row by row the subscription ids are joined, in part order without repeats. Undefined when the parts
 * do not line up (the subscriptions changed between their calls): the batch is then checked in one call.
 */
export function mergeParts(parts: ApplyRlsRow[][]): ApplyRlsRow[] | undefined {
  const [first, ...others] = parts
  if (!first) return []
  if (others.some((rows) => rows.length !== first.length)) return undefined
  const shapes = first.map((row) => JSON.stringify([row.ord, row.wal, row.errors]))
  const merged: ApplyRlsRow[] = []
  for (let i = 0; i < first.length; i++) {
    const ids = new Set(first[i]!.subscription_ids ?? [])
    let anyIds = first[i]!.subscription_ids !== null
    for (const rows of others) {
      const row = rows[i]!
      if (JSON.stringify([row.ord, row.wal, row.errors]) !== shapes[i]) return undefined
      if (row.subscription_ids === null) continue
      anyIds = true
      for (const id of row.subscription_ids) ids.add(id)
    }
    merged.push({ ...first[i]!, subscription_ids: anyIds ? [...ids] : null })
  }
  return merged
}
