// The analytics page's three calls as the bench runs them: as the course's instructor, the way PostgREST would
// (role and JWT claims set for one transaction), with the page's filter variants, timed one by one. Also prints
// the index nodes of each call's inner plans, captured with auto_explain (nested statements) as client notices.
import type pg from 'pg'

export interface Filter {
  name: string
  cohort: string | null
  from: string | null
  to: string | null
}

export const calls = [
  { name: 'course_analytics_funnel', sql: 'select * from public.course_analytics_funnel($1, $2, $3, $4)' },
  { name: 'course_analytics_lessons', sql: 'select * from public.course_analytics_lessons($1, $2, $3, $4)' },
  { name: 'course_analytics_at_risk', sql: 'select * from public.course_analytics_at_risk($1, $2, $3, $4, 50)' },
] as const

export async function asUser<T>(client: pg.ClientBase, userId: string, run: () => Promise<T>): Promise<T> {
  await client.query('begin')
  try {
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated', aal: 'aal1' }),
    ])
    const result = await run()
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback')
    throw error
  }
}

/** Milliseconds of each call, `rounds` times per filter, in a shuffled order so caches favour none. */
export async function timeCalls(
  client: pg.ClientBase,
  instructor: string,
  courseId: string,
  filters: Filter[],
  rounds: number,
): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>(calls.map((c) => [c.name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const filter of filters) {
      for (const call of [...calls].sort(() => Math.random() - 0.5)) {
        const started = performance.now()
        await asUser(client, instructor, () =>
          client.query(call.sql, [courseId, filter.cohort, filter.from, filter.to]),
        )
        times.get(call.name)!.push(performance.now() - started)
      }
    }
  }
  return times
}

/** The plan lines of each call's nested statements that name an index (Index Scan, Index Only Scan, Bitmap). */
export async function indexNodes(
  client: pg.ClientBase,
  instructor: string,
  courseId: string,
  filter: Filter,
): Promise<Map<string, string[]>> {
  const nodes = new Map<string, string[]>()
  let current: string[] = []
  const onNotice = (msg: { message?: string }) => {
    for (const line of (msg.message ?? '').split('\n')) {
      if (/Index|Bitmap/.test(line)) current.push(line.trim())
    }
  }
  client.on('notice', onNotice)
  await client.query(`load 'auto_explain'`)
  await client.query(
    `set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
     set auto_explain.log_analyze = off; set client_min_messages = log`,
  )
  try {
    for (const call of calls) {
      current = []
      await asUser(client, instructor, () => client.query(call.sql, [courseId, filter.cohort, filter.from, filter.to]))
      nodes.set(call.name, [...new Set(current)])
    }
  } finally {
    await client.query('set client_min_messages = notice; set auto_explain.log_min_duration = -1')
    client.off('notice', onNotice)
  }
  return nodes
}
