// A refetch asked for by a broadcast from the database (realtime.send() in a trigger) runs a moment later, once for
// every broadcast that arrives in that moment. Two reasons:
//
// - Realtime streams the writing transaction's commit from the WAL, and the commit can reach a subscriber before the
//   other sessions of the database see it (the commit record is written, and streamed, before the committing
//   backend leaves the list of running transactions). A read started as the broadcast arrives can miss the very
//   change it announces, and nothing would read it again: a learner's leaderboard kept a classmate out who had just
//   opted in. A second later the commit is visible.
// - A class writing at once (200 learners crossing a minute) becomes one read per viewer, not one per write.

/** How long after the first broadcast the refetch runs; later broadcasts in that time join it. */
export const BROADCAST_REFETCH_DELAY_MS = 1000

export interface BroadcastRefetch {
  /** Asks for the refetch: the first ask starts the delay, the ones during it change nothing. */
  schedule(): void
  /** Drops a refetch not run yet (the component unmounts). */
  cancel(): void
}

export function broadcastRefetch(refetch: () => void, delayMs = BROADCAST_REFETCH_DELAY_MS): BroadcastRefetch {
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    schedule() {
      timer ??= setTimeout(() => {
        timer = undefined
        refetch()
      }, delayMs)
    },
    cancel() {
      clearTimeout(timer)
      timer = undefined
    },
  }
}
