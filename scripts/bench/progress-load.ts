// The progress benchmark's two loads on a pg pool, each call one round trip as PostgREST makes an RPC (the role and
// claims set for the transaction, then the call):
// - paced: `learners` learners each saving once a second for `seconds`, learner k at k/learners of each second,
//   latencies from sending to the answer;
// - closed loop: `connections` workers calling back to back for `seconds`, each over its own learners in turn.
// A save sends the lesson's position (advancing 1 s per second, within the lesson) and the seconds watched so far
// (the bench's clock), which the database credits within the time since the learner's previous save, as a playing
// video's saves are.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import pg from 'pg'

export interface Call {
  /** A statement taking (learner, lesson, position_s, watched_s). */
  sql: string
  lesson: string
}

const started = performance.now()
/** The bench's clock in whole seconds: what a learner has watched if they had watched since the bench began. */
export const watchedNow = () => Math.floor((performance.now() - started) / 1000) + 1
const positionNow = () => (watchedNow() % 3000) + 1

export interface PacedResult {
  latencies: number[]
  failed: number
  errors: Map<string, number>
  seconds: number
  /** The bench client's own event-loop delay (p99, ms): what of a latency is the client's, not the database's. */
  clientLagMs: number
}

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis))

function countError(errors: Map<string, number>, error: unknown) {
  const text = error instanceof Error ? error.message : String(error)
  errors.set(text, (errors.get(text) ?? 0) + 1)
}

export async function paced(pool: pg.Pool, call: Call, learners: string[], seconds: number): Promise<PacedResult> {
  const latencies: number[] = []
  const errors = new Map<string, number>()
  let failed = 0
  const pending = new Set<Promise<void>>()
  const total = learners.length * seconds
  const lag = monitorEventLoopDelay({ resolution: 10 })
  lag.enable()
  const begun = performance.now()
  let issued = 0
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - begun) / 1000) * learners.length) + 1)
    for (; issued < due; issued++) {
      const learner = learners[issued % learners.length]!
      const sent = performance.now()
      const save = pool.query(call.sql, [learner, call.lesson, positionNow(), watchedNow()]).then(
        () => void latencies.push(performance.now() - sent),
        (error: unknown) => {
          failed++
          countError(errors, error)
        },
      )
      pending.add(save)
      void save.finally(() => pending.delete(save))
    }
    await sleep(2)
  }
  await Promise.all(pending)
  lag.disable()
  return {
    latencies,
    failed,
    errors,
    seconds: (performance.now() - begun) / 1000,
    clientLagMs: lag.percentile(99) / 1e6,
  }
}

export interface LoopResult {
  perSecond: number
  meanMs: number
  failed: number
  errors: Map<string, number>
}

export async function closedLoop(
  url: string,
  call: Call,
  learners: string[],
  connections: number,
  seconds: number,
): Promise<LoopResult> {
  const pool = new pg.Pool({ connectionString: url, max: connections })
  pool.on('error', () => {})
  const errors = new Map<string, number>()
  let calls = 0
  let failed = 0
  let busy = 0
  try {
    // Every connection open before the clock starts.
    const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()))
    const deadline = performance.now() + seconds * 1000
    await Promise.all(
      clients.map(async (client, worker) => {
        try {
          for (let i = 0; performance.now() < deadline; i++) {
            // Each worker keeps to its own learners, so workers never wait on each other's rows.
            const mine = Math.floor(learners.length / connections)
            const learner = learners[worker + connections * (i % mine)]!
            const sent = performance.now()
            try {
              await client.query(call.sql, [learner, call.lesson, positionNow(), watchedNow()])
              calls++
              busy += performance.now() - sent
            } catch (error) {
              failed++
              countError(errors, error)
            }
          }
        } finally {
          client.release()
        }
      }),
    )
  } finally {
    await pool.end()
  }
  return { perSecond: calls / seconds, meanMs: calls ? busy / calls : NaN, failed, errors }
}
