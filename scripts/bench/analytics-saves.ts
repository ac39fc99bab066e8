// save_progress throughput for the analytics bench: `connections` learners of the volume course save progress as
// a player does (position and seconds every call, a tick or untick every fifth call) for a fixed time, each in its
// own transaction as PostgREST runs an RPC. Returns saves per second.
import pg from 'pg'
import { asUser } from './analytics-queries.ts'

export interface SaveLoad {
  url: string
  learners: string[]
  lessons: string[]
  connections: number
  seconds: number
}

export async function saveThroughput({ url, learners, lessons, connections, seconds }: SaveLoad): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: connections })
  let saves = 0
  let failures = 0
  const deadline = performance.now() + seconds * 1000
  try {
    await Promise.all(
      Array.from({ length: connections }, async (_, worker) => {
        const client = await pool.connect()
        try {
          for (let i = 0; performance.now() < deadline; i++) {
            // Each worker keeps to its own learners, so workers never wait on each other's rows.
            const learner = learners[(worker + connections * (i % 50)) % learners.length]!
            const lesson = lessons[(i * 7 + worker) % lessons.length]!
            const completed = i % 5 === 4 ? i % 10 === 4 : null
            try {
              await asUser(client, learner, () =>
                client.query('select public.save_progress($1, $2, $3, $4)', [
                  lesson,
                  (i * 10) % 300,
                  i * 10,
                  completed,
                ]),
              )
              saves++
            } catch {
              failures++
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
  if (failures > 0) process.stdout.write(`  (${failures} saves refused)\n`)
  return saves / seconds
}
