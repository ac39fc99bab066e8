// `npm run bench -- progress [--learners=200] [--seconds=60] [--connections=50]`: a progress save under class load
// (issue 30, item 2). A throw-away database (port PROGRESS_BENCH_PORT, default 55043) with the migrations and one
// published course whose hour-long video lesson is played by `learners` enrolled learners on the leaderboard: each
// save credits the seconds since the learner's last, so daily activity (and its achievement checks), the analytics
// aggregates, the leaderboard week (broadcast when a learner's whole minutes change), the study clock and the
// progress broadcast all do their work; the completion triggers fire but find nothing to do (no save completes it).
// Plus a pool of 48 learners per connection for the throughput runs, each saving every few seconds. Realtime runs in
// its own process with the tenant limits of `supabase start` (not lifted), each learner's player tab subscribed as
// the app subscribes it (progress-tabs.ts). Printed, each beside its target:
// 1. save_progress at `learners` learners × 1 save/s × `seconds`: p50/p95/p99 and errors;
// 2. throughput at `connections` connections, save_progress against a bare upsert of the same row (a copy of
//    lesson_progress with its keys and checks and no triggers), alternately, 3 rounds: the ratio;
// 3. what each trigger costs: its time per save inside the database during run 1 (pg_stat_user_functions), the
//    closed-loop throughput with it disabled, alternated with all enabled, and what the saving backends waited on;
// 4. what live delivery costs: the CPU of Realtime, of the database's replication sender and of the rest of the
//    database during run 1, and the same paced load again with the tabs closed and with Realtime stopped, with what
//    the saves waited on in each. About 5 minutes; the figures to compare are those of one run.
import type { ChildProcess } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfig } from '../local-stack/config/index.ts'
import { syncMigrations } from '../local-stack/db/migrations.ts'
import { signHs256 } from '../local-stack/keys/jwt.ts'
import { startScratchCluster } from '../local-stack/rest/testing/scratch-cluster.ts'
import { forkLiveServer } from './live-fork.ts'
import { median, percentile } from './percentile-rank.ts'
import { closedLoop, paced, type Call, type PacedResult } from './progress-load.ts'
import { PlayerTab, playerChannels } from './progress-tabs.ts'
import { courseId, courseLearner, lessonId, seedCourse } from './stats-data.ts'

const flag = (name: string, fallback: number) => {
  const given = process.argv.slice(3).find((arg) => arg.startsWith(`--${name}=`))
  return given ? Number(given.slice(name.length + 3)) : fallback
}
const learners = flag('learners', 200)
const seconds = flag('seconds', 60)
const connections = flag('connections', 50)
const rounds = flag('rounds', 3)
const roundSeconds = flag('round-seconds', 5)
const triggerSeconds = flag('trigger-seconds', 3)
const deliverySeconds = flag('delivery-seconds', 20)
const joinRate = 20 // learners a second: their 4 joins each stay under the tenant's 100 joins a second
const port = Number(process.env.PROGRESS_BENCH_PORT ?? 55043)
const poolLearners = connections * 48
/** The paced saves' connections, by name, so that what they wait on can be told from Realtime's. */
const savers = 'summit-progress-bench'

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis))
const token = (sub: string) =>
  signHs256({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })
const mean = (values: number[]) => values.reduce((n, v) => n + v, 0) / values.length
const ms = (value: number) => `${value.toFixed(1)} ms`

// Both calls as PostgREST makes them: the role and the claims for the transaction, then the write, in one round trip.
const BENCH_SQL = `
  create schema bench;
  create function bench.as_learner(learner uuid) returns void language plpgsql as $$
  begin
    perform set_config('request.jwt.claims', json_build_object('sub', learner, 'role', 'authenticated')::text, true);
    perform set_config('role', 'authenticated', true);
  end;
  $$;
  create function bench.save_as(learner uuid, lesson uuid, position_s integer, watched_s integer)
  returns jsonb language plpgsql as $$
  begin
    perform bench.as_learner(learner);
    return public.save_progress(lesson, position_s, watched_s);
  end;
  $$;
  -- The same row without what save_progress does around it: lesson_progress's columns, keys and checks, no triggers.
  create table bench.bare_progress (like public.lesson_progress including defaults including constraints including indexes);
  grant usage on schema bench to authenticated;
  grant select, insert, update on bench.bare_progress to authenticated;
  create function bench.upsert_as(learner uuid, lesson uuid, position_s integer, watched_s integer)
  returns jsonb language plpgsql as $$
  declare
    saved bench.bare_progress;
  begin
    perform bench.as_learner(learner);
    insert into bench.bare_progress as p (user_id, lesson_id, course_id, position_s, watched_s)
    values (learner, lesson, '${courseId}', upsert_as.position_s, upsert_as.watched_s)
    on conflict (user_id, lesson_id) do update
      set position_s = excluded.position_s, watched_s = greatest(p.watched_s, excluded.watched_s), updated_at = now()
    returning * into saved;
    return to_jsonb(saved);
  end;
  $$;`

const saveCall: Call = { sql: 'select bench.save_as($1, $2, $3, $4)', lesson: lessonId }
const bareCall: Call = { sql: 'select bench.upsert_as($1, $2, $3, $4)', lesson: lessonId }

// The triggers a save fires, in firing order (lesson_progress_set_updated_at stamps the row and stays).
const triggers = [
  ['lesson_progress_analytics', 'analytics aggregates (course_learner_stats, lesson_time_histogram)'],
  ['lesson_progress_analytics_announce', 'analytics "changed" broadcast'],
  ['lesson_progress_apply_write', 'daily activity (+ activity achievements), enrollment resume point'],
  ['lesson_progress_award_achievements', 'achievements on completion'],
  ['lesson_progress_credit_course_week', 'leaderboard week (+ broadcast when the minutes change)'],
  ['lesson_progress_broadcast', 'progress broadcast to the account (at commit)'],
] as const

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** The postmaster's children: their pids. */
function databaseProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')
      if (Number(fields[1]) === postmaster) children.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return [postmaster, ...children]
}

/** Counts, every 50 ms until stopped, what the paced saves' active backends wait on (none: running on a CPU or queued for one). */
function sampleWaits(sql: pg.Client): { stop(): Promise<Map<string, number>> } {
  const counts = new Map<string, number>()
  let running = true
  const loop = (async () => {
    while (running) {
      const { rows } = await sql.query<{ what: string; n: number }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'on CPU or queued for it') as what, count(*)::integer as n
         from pg_stat_activity
         where application_name = $1 and state = 'active'
         group by 1`,
        [savers],
      )
      for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + row.n)
      await sleep(50)
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      return counts
    },
  }
}

function describeWaits(waited: Map<string, number>): string {
  const samples = [...waited.values()].reduce((n, count) => n + count, 0)
  const top = [...waited].sort((a, b) => b[1] - a[1]).slice(0, 6)
  return (
    `${samples} active backend samples: ` +
    top.map(([what, count]) => `${what} ${((100 * count) / Math.max(samples, 1)).toFixed(0)} %`).join(', ')
  )
}

function describe(result: PacedResult, target?: number): string {
  const sorted = [...result.latencies].sort((a, b) => a - b)
  const p95 = percentile(sorted, 95)
  const verdict = target === undefined ? '' : `   target p95 ≤ ${target} ms: ${p95 <= target ? 'met' : 'MISSED'}`
  return (
    `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(p95)}, p99 ${ms(percentile(sorted, 99))}, ` +
    `max ${ms(sorted.at(-1) ?? NaN)} over ${sorted.length} saves (${(sorted.length / result.seconds).toFixed(0)}/s; ` +
    `the client's own event-loop delay p99 ${ms(result.clientLagMs)}); ` +
    `errors ${result.failed}${verdict}`
  )
}

function printErrors(errors: Map<string, number>) {
  for (const [text, n] of errors) process.stdout.write(`    ${n} × ${text}\n`)
}

const dir = path.join(os.tmpdir(), `summit-bench-progress-${process.pid}`)
const db = await startScratchCluster(dir, port)
let server: ChildProcess | undefined
const tabs: PlayerTab[] = []
const sql = new pg.Client({ connectionString: db.url })
try {
  process.stdout.write(
    `progress-save benchmark: ${learners} learners × 1 save/s × ${seconds} s, ${connections} connections for ` +
      `throughput; ${os.cpus().length} CPUs, database on port ${port}\n` +
      'Realtime tenant limits as under supabase start (not lifted): 200 users; 100 events, 100 postgres changes, ' +
      '100 joins a second\n',
  )
  await syncMigrations(db.cluster.url(), loadConfig())
  await sql.connect()
  await sql.query(`alter system set track_functions = 'all'`)
  await sql.query('select pg_reload_conf()')
  await seedCourse(sql, learners + poolLearners, learners + poolLearners)
  await sql.query(BENCH_SQL)
  await sql.query('analyze')
  const classLearners = Array.from({ length: learners }, (_, i) => courseLearner(i))
  const pool = Array.from({ length: poolLearners }, (_, i) => courseLearner(learners + i))

  const realtime = await forkLiveServer(db.url)
  server = realtime.process
  const { samples, realtimeUrl } = realtime

  const opening = performance.now()
  for (let i = 0; i < learners; i++) {
    const tab = new PlayerTab(realtimeUrl, token(classLearners[i]!), playerChannels(classLearners[i]!, lessonId))
    tabs.push(tab)
    await tab.open()
    const due = opening + ((i + 1) / joinRate) * 1000
    if (due > performance.now()) await sleep(due - performance.now())
  }
  const channels = tabs.reduce((n, t) => n + t.channelCount, 0)
  const settleBy = performance.now() + 15_000
  while (tabs.reduce((n, t) => n + t.counts.live, 0) < channels && performance.now() < settleBy) await sleep(100)
  const live = tabs.reduce((n, t) => n + t.counts.live, 0)
  process.stdout.write(
    `opened ${learners} player tabs in ${((performance.now() - opening) / 1000).toFixed(1)} s: ${live} of ` +
      `${channels} channels live (account broadcasts; notifications, achievements, questions postgres_changes)\n`,
  )

  // 1. The class: paced saves with every tab subscribed. Functions' times and processes' CPU counted over it.
  const paceDb = new pg.Pool({ connectionString: db.url, max: 40, application_name: savers })
  paceDb.on('error', () => {})
  await paced(paceDb, saveCall, classLearners, 3) // warm-up: every learner's first save (the row's insert)
  await sql.query('select pg_stat_reset()')
  const walsender = (await sql.query<{ pid: number }>('select pid from pg_stat_replication')).rows[0]?.pid
  const dbPids = databaseProcesses(db.cluster.dataDir)
  const cpuBefore = {
    realtime: cpuSeconds(server.pid!),
    walsender: walsender ? cpuSeconds(walsender) : 0,
    database: dbPids.reduce((n, pid) => n + cpuSeconds(pid), 0),
    bench: process.cpuUsage(),
  }
  const waits = sampleWaits(sql)
  const run = await paced(paceDb, saveCall, classLearners, seconds)
  const waited = await waits.stop()
  const cpuAfter = {
    realtime: cpuSeconds(server.pid!),
    walsender: walsender ? cpuSeconds(walsender) : 0,
    database: databaseProcesses(db.cluster.dataDir).reduce((n, pid) => n + cpuSeconds(pid), 0),
    bench: process.cpuUsage(cpuBefore.bench),
  }
  await paceDb.end() // its backends report their function times as they exit
  await sleep(1500)
  const received = tabs.reduce((n, t) => n + t.counts.broadcasts, 0)
  const changes = tabs.reduce((n, t) => n + t.counts.changes, 0)
  process.stdout.write(
    `\n1. save_progress, ${learners} learners × 1 save/s × ${seconds} s, every tab subscribed:\n` +
      `   ${describe(run, 30)}   target errors 0: ${run.failed === 0 ? 'met' : 'MISSED'}\n` +
      `   tabs received ${received} broadcasts and ${changes} postgres changes; channels refused ` +
      `${tabs.reduce((n, t) => n + t.counts.refused, 0)}, shut ${tabs.reduce((n, t) => n + t.counts.closed, 0)}; ` +
      `tenant peaks: events ${Math.max(0, ...samples.map((s) => s.events)).toFixed(1)}/s, postgres changes ` +
      `${Math.max(0, ...samples.map((s) => s.dbEvents)).toFixed(1)}/s\n`,
  )
  printErrors(run.errors)

  const { rows: functions } = await sql.query<{ name: string; calls: number; total: number; self: number }>(
    `select schemaname || '.' || funcname as name, sum(calls)::integer as calls,
       sum(total_time)::float8 as total, sum(self_time)::float8 as self
     from pg_stat_user_functions
     where schemaname in ('public', 'private', 'realtime') group by 1 order by sum(total_time) desc limit 24`,
  )
  const saves = run.latencies.length
  process.stdout.write(
    '\n3a. time inside the database per save during run 1 (pg_stat_user_functions; total includes what a function ' +
      'calls, self does not):\n' +
      functions
        .map(
          (f) =>
            `   ${f.name.padEnd(44)} ${(f.calls / saves).toFixed(2).padStart(5)} calls/save   ` +
            `total ${(f.total / saves).toFixed(3).padStart(7)} ms/save   self ${(f.self / saves).toFixed(3).padStart(7)} ms/save`,
        )
        .join('\n') +
      '\n',
  )
  process.stdout.write(
    `\n3c. what the saving backends were doing, sampled every 50 ms during run 1: ${describeWaits(waited)}\n`,
  )
  const cpu = (key: 'realtime' | 'walsender' | 'database') => cpuAfter[key] - cpuBefore[key]
  const benchCpu = (cpuAfter.bench.user + cpuAfter.bench.system) / 1e6
  const share = (cpuS: number) => `${cpuS.toFixed(1)} s (${((cpuS / run.seconds) * 100).toFixed(0)} % of a core)`
  process.stdout.write(
    `\n4a. CPU during run 1 (${run.seconds.toFixed(0)} s): Realtime service ${share(cpu('realtime'))}; database's ` +
      `replication sender (decoding for Realtime) ${share(cpu('walsender'))}; rest of the database ` +
      `${share(cpu('database') - cpu('walsender'))}; bench client ${share(benchCpu)}\n`,
  )

  // 2. Throughput: save_progress against the bare upsert, alternately.
  process.stdout.write(
    `\n2. throughput at ${connections} connections, ${roundSeconds} s a run, alternately (tabs still subscribed):\n`,
  )
  await closedLoop(db.url, saveCall, pool, connections, 2) // warm-up: the pool's first saves insert their rows
  await closedLoop(db.url, bareCall, pool, connections, 2)
  const ratios: number[] = []
  for (let round = 1; round <= rounds; round++) {
    const save = await closedLoop(db.url, saveCall, pool, connections, roundSeconds)
    const bare = await closedLoop(db.url, bareCall, pool, connections, roundSeconds)
    ratios.push(save.perSecond / bare.perSecond)
    process.stdout.write(
      `   round ${round}: save_progress ${save.perSecond.toFixed(0)}/s (mean ${ms(save.meanMs)}, ${save.failed} failed), ` +
        `bare upsert ${bare.perSecond.toFixed(0)}/s (mean ${ms(bare.meanMs)}, ${bare.failed} failed): ` +
        `${(100 * ratios.at(-1)!).toFixed(0)} %\n`,
    )
    printErrors(save.errors)
    printErrors(bare.errors)
  }
  const ratio = median(ratios)
  process.stdout.write(
    `   median ratio ${(100 * ratio).toFixed(0)} %   target ≥ 70 %: ${ratio >= 0.7 ? 'met' : 'MISSED'}\n`,
  )

  // 3b. Each trigger disabled in turn (this database only), alternated with all enabled.
  process.stdout.write(
    `\n3b. throughput at ${connections} connections with one trigger disabled, alternated twice with all enabled ` +
      `(${triggerSeconds} s each, means):\n`,
  )
  for (const [name, what] of triggers) {
    const all: number[] = []
    const without: number[] = []
    for (let pair = 0; pair < 2; pair++) {
      all.push((await closedLoop(db.url, saveCall, pool, connections, triggerSeconds)).perSecond)
      await sql.query(`alter table public.lesson_progress disable trigger ${name}`)
      try {
        without.push((await closedLoop(db.url, saveCall, pool, connections, triggerSeconds)).perSecond)
      } finally {
        await sql.query(`alter table public.lesson_progress enable trigger ${name}`)
      }
    }
    const [on, off] = [mean(all), mean(without)]
    process.stdout.write(
      `   ${name.padEnd(36)} ${on.toFixed(0).padStart(5)}/s → ${off.toFixed(0).padStart(5)}/s ` +
        `without (${(100 * (off / on - 1)).toFixed(0).padStart(3)} %; ` +
        `${(1000 / on - 1000 / off).toFixed(3)} ms of the database per save): ${what}\n`,
    )
  }

  // 4b. Live delivery: the paced load with the tabs closed, then with Realtime stopped.
  // Closing 600 postgres_changes subscriptions is work of its own for Realtime: it settles first.
  for (const tab of tabs) tab.close()
  await sleep(5000)
  const quiet = new pg.Pool({ connectionString: db.url, max: 40, application_name: savers })
  quiet.on('error', () => {})
  // Warmed as run 1's pool was: a new connection's first saves plan every statement of every function they call
  // (measured unwarmed, that alone put p95 at 49-61 ms and the lock manager in 29-35 % of the samples).
  await paced(quiet, saveCall, classLearners, 3)
  const noTabsWaits = sampleWaits(sql)
  const noTabs = await paced(quiet, saveCall, classLearners, deliverySeconds)
  const noTabsWaited = await noTabsWaits.stop()
  const stopped = new Promise((resolve) => server!.once('exit', resolve))
  server.kill('SIGTERM')
  await stopped
  await sleep(1000)
  const noRealtimeWaits = sampleWaits(sql)
  const noRealtime = await paced(quiet, saveCall, classLearners, deliverySeconds)
  const noRealtimeWaited = await noRealtimeWaits.stop()
  await quiet.end()
  process.stdout.write(
    `\n4b. the same paced load, ${deliverySeconds} s each:\n` +
      `   every tab subscribed (run 1):                     ${describe(run)}\n` +
      `   tabs closed, Realtime still reading the changes:  ${describe(noTabs)}\n` +
      `   Realtime stopped (no replication, no polling):    ${describe(noRealtime)}\n` +
      `   waits with the tabs closed: ${describeWaits(noTabsWaited)}\n` +
      `   waits with Realtime stopped: ${describeWaits(noRealtimeWaited)}\n`,
  )
} finally {
  for (const tab of tabs) tab.close()
  await sql.end().catch(() => {})
  if (server && server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise((resolve) => server!.once('exit', resolve))
  }
  await db.stop()
}
