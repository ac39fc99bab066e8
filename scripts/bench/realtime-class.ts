// The "class load" of the realtime benchmark: a class of learners, each saving their lesson progress once a second
// while subscribed to their own progress rows (filter user_id=eq.<id>, RLS as lesson_progress has it). Measures the
// delay from each save to its delivery, and the backlog of saves not yet delivered, second by second.
import type { SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { subscribed, type Latencies } from './realtime-load.ts'

/** The shape of public.lesson_progress and its select policy: own rows, or any row of a course one is a member of. */
export const CLASS_SCHEMA = `
  create schema class;
  create table class.members (course_id uuid not null, user_id uuid not null, primary key (course_id, user_id));
  create table class.progress (
    user_id uuid not null, lesson_id uuid not null, course_id uuid not null,
    status text not null default 'in_progress', position_s integer not null default 0,
    watched_s integer not null default 0, seq integer not null default 0,
    updated_at timestamptz not null default now(),
    primary key (user_id, lesson_id));
  create function class.is_course_member(course uuid) returns boolean
    language sql stable security definer set search_path = '' as
    $$ select exists (select 1 from class.members m where m.course_id = course and m.user_id = (select auth.uid())) $$;
  alter table class.progress enable row level security;
  create policy progress_select on class.progress for select to authenticated
    using (user_id = (select auth.uid()) or class.is_course_member(course_id));
  grant usage on schema class to authenticated;
  grant select on class.progress to authenticated;
  grant execute on function class.is_course_member(uuid) to authenticated;
  alter publication supabase_realtime add table class.progress;`

const COURSE = '00000000-0000-0000-0000-00000000c0de'
const LESSON = '00000000-0000-0000-0000-00000000001e'

export interface ClassLoad extends Latencies {
  /** Saves committed / attempted, and saves that failed. */
  saves: number
  failedSaves: number
  /** Deliveries to a learner other than the row's owner (must be 0). */
  misdelivered: number
  /** Saves not yet delivered, sampled once a second while saving. */
  backlog: number[]
  /** Seconds from the last save until every save was delivered (or the drain limit). */
  drainSeconds: number
}

/**
 * Every client i is learner `userId(i)`: it subscribes to UPDATEs of its own progress row and saves it once a
 * second for `seconds` (saves spread evenly over each second), through `writers` connections.
 */
export async function classLoad(
  clients: SupabaseClient[],
  userId: (i: number) => string,
  dbUrl: string,
  seconds: number,
  writers = 16,
): Promise<ClassLoad> {
  const setup = new pg.Client({ connectionString: dbUrl })
  await setup.connect()
  await setup.query('truncate class.progress')
  await setup.query(
    `insert into class.progress (user_id, lesson_id, course_id)
     select u, $2::uuid, $3::uuid from unnest($1::uuid[]) u`,
    [clients.map((_, i) => userId(i)), LESSON, COURSE],
  )
  await setup.end()

  const sentAt = new Map<string, number>()
  const latencies: number[] = []
  let misdelivered = 0
  const channels = clients.map((client, i) =>
    client
      .channel(`class-${i}`, { config: { postgres_changes_options: { wait: true } } })
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'class', table: 'progress', filter: `user_id=eq.${userId(i)}` },
        (change) => {
          const row = change.new as { user_id: string; seq: number }
          if (row.user_id !== userId(i)) return void misdelivered++
          const key = `${row.user_id}:${row.seq}`
          const at = sentAt.get(key)
          if (at === undefined) return
          sentAt.delete(key)
          latencies.push(performance.now() - at)
        },
      ),
  )
  await Promise.all(channels.map(subscribed))

  // The database commits synchronously, as `npm start`'s does, so saves reach the stream at once.
  const pool = new pg.Pool({ connectionString: dbUrl, max: writers, options: '-c synchronous_commit=on' })
  pool.on('error', () => {})
  let saves = 0
  let failedSaves = 0
  const total = clients.length * seconds
  const backlog: number[] = []
  const started = performance.now()
  let issued = 0
  let nextSample = 1
  const pending = new Set<Promise<void>>()
  // Save k of the run belongs to learner k % n, due at k / n seconds: each learner saves once a second.
  while (issued < total) {
    const elapsed = (performance.now() - started) / 1000
    const due = Math.min(total, Math.floor(elapsed * clients.length) + 1)
    for (; issued < due; issued++) {
      const learner = issued % clients.length
      const seq = Math.floor(issued / clients.length) + 1
      const user = userId(learner)
      sentAt.set(`${user}:${seq}`, performance.now())
      const save = pool
        .query(
          `update class.progress set seq = $2, position_s = position_s + 1, watched_s = watched_s + 1,
             updated_at = now() where user_id = $1 and lesson_id = $3`,
          [user, seq, LESSON],
        )
        .then(
          () => void saves++,
          () => void (failedSaves++, sentAt.delete(`${user}:${seq}`)),
        )
      pending.add(save)
      void save.finally(() => pending.delete(save))
    }
    if (elapsed >= nextSample) {
      backlog.push(sentAt.size)
      nextSample++
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await Promise.all(pending)
  const savedAt = performance.now()
  const sendSeconds = (savedAt - started) / 1000
  // Let the backlog drain, for at most as long again as the run (bounded, so the benchmark always ends).
  const drainLimit = savedAt + Math.max(10_000, seconds * 1000)
  while (sentAt.size > 0 && performance.now() < drainLimit) await new Promise((resolve) => setTimeout(resolve, 20))
  const drainSeconds = (performance.now() - savedAt) / 1000
  await pool.end()
  await Promise.all(channels.map((channel) => channel.unsubscribe()))
  return {
    latencies,
    expected: saves,
    received: latencies.length,
    seconds: sendSeconds,
    saves,
    failedSaves,
    misdelivered,
    backlog,
    drainSeconds,
  }
}
