// `npm run bench -- live [--learners=500] [--tabs=2] [--seconds=60] [--join-rate=40]`: live sync at class size under
// the Realtime tenant limits of `supabase start` (not lifted). A throw-away database (port LIVE_BENCH_PORT, default
// 55041) with the migrations and a course of `learners` enrolled learners; the Realtime service in its own process.
// Each learner is a browser (live-browser.ts): `tabs` tabs sharing one socket as the app shares it, joining at most
// `join-rate` browsers a second (the tenant's joins are limited too). Each learner then saves the lesson's position
// once a second for `seconds`, through save_progress as themselves. Reported: writes lost (failed, or not the
// database's final state), sockets and joins refused, channels shut, how long each tab takes to show each saved state
// (p50/p95 from the save's answer, per path: the database's broadcasts over Realtime or the saving tab's share), tabs
// not at the database's final state 2 s after the last save, and the tenant's counters' peaks against their limits.
import type { ChildProcess } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfig } from '../local-stack/config/index.ts'
import { syncMigrations } from '../local-stack/db/migrations.ts'
import { signHs256 } from '../local-stack/keys/jwt.ts'
import { startScratchCluster } from '../local-stack/rest/testing/scratch-cluster.ts'
import { Browser, type Progress } from './live-browser.ts'
import { forkLiveServer } from './live-fork.ts'
import type { TenantSample } from './live-server.ts'
import { percentileOf as percentile } from './percentile-rank.ts'
import { courseLearner, lessonId, seedCourse } from './stats-data.ts'

const flag = (name: string, fallback: number) => {
  const given = process.argv.slice(3).find((arg) => arg.startsWith(`--${name}=`))
  return given ? Number(given.slice(name.length + 3)) : fallback
}
const learners = flag('learners', 500)
const tabs = flag('tabs', 2)
const seconds = flag('seconds', 60)
const joinRate = flag('join-rate', 40)
const port = Number(process.env.LIVE_BENCH_PORT ?? 55041)

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis))
const ms = (values: number[], p: number) => (values.length ? `${percentile(values, p).toFixed(0)} ms` : 'n/a')
const token = (sub: string) =>
  signHs256({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })

// A save as PostgREST makes it (role and claims for the transaction, then the call), in one round trip.
const SAVE_AS = `
  create schema bench;
  create function bench.save_as(learner uuid, lesson uuid, position_s integer) returns jsonb language plpgsql as $$
  begin
    perform set_config('request.jwt.claims', json_build_object('sub', learner, 'role', 'authenticated')::text, true);
    perform set_config('role', 'authenticated', true);
    return public.save_progress(lesson, position_s, position_s);
  end;
  $$;`

/** Per learner, the saves whose state some tab has not shown yet: position and when its answer came. */
const waiting = new Map<string, { position: number; answeredAt: number; tabs: Set<number> }[]>()
const convergence = { realtime: [] as number[], tab: [] as number[], saver: [] as number[] }

function observe(userId: string, tab: number, progress: Progress, via: 'realtime' | 'tab') {
  const now = performance.now()
  for (const save of waiting.get(userId) ?? []) {
    if (save.position > progress.position_s || !save.tabs.has(tab)) continue
    save.tabs.delete(tab)
    const delay = now - save.answeredAt
    if (tab === 0) convergence.saver.push(delay)
    else convergence[via].push(delay)
  }
  waiting.set(
    userId,
    (waiting.get(userId) ?? []).filter((save) => save.tabs.size > 0),
  )
}

/** A save's answer: its state is the database's now; every tab must come to show it (the saving tab at once). */
function answered(browser: Browser, progress: Progress) {
  const answeredAt = performance.now()
  const key = `${browser.userId}:${progress.position_s}`
  answeredAtOf.set(key, answeredAt)
  if (earlyBroadcasts.delete(key)) broadcastDelays.push(0)
  // A tab the database's broadcast reached before the answer came back already shows it.
  const behind = new Set<number>()
  browser.progress.forEach((shown, tab) => {
    if ((shown?.position_s ?? -1) >= progress.position_s) convergence.realtime.push(0)
    else behind.add(tab)
  })
  waiting.set(browser.userId, [
    ...(waiting.get(browser.userId) ?? []),
    { position: progress.position_s, answeredAt, tabs: behind },
  ])
  browser.saved(progress)
}

/** A progress broadcast reached a leader tab: how long after the save's answer (the path other devices depend on). */
const answeredAtOf = new Map<string, number>()
const earlyBroadcasts = new Set<string>()
const broadcastDelays: number[] = []
function broadcastArrived(userId: string, progress: Progress) {
  const key = `${userId}:${progress.position_s}`
  const answeredAt = answeredAtOf.get(key)
  if (answeredAt === undefined) earlyBroadcasts.add(key)
  else broadcastDelays.push(performance.now() - answeredAt)
}

const dir = path.join(os.tmpdir(), `summit-bench-live-${process.pid}`)
const db = await startScratchCluster(dir, port)
let server: ChildProcess | undefined
const browsers: Browser[] = []
const sql = new pg.Client({ connectionString: db.url })
const pool = new pg.Pool({ connectionString: db.url, max: 16, options: '-c synchronous_commit=on' })
pool.on('error', () => {})
try {
  process.stdout.write(
    `live-sync benchmark: ${learners} learners × ${tabs} tabs, a save a second each for ${seconds} s, ` +
      `${os.cpus().length} CPUs, database on port ${port}\n` +
      'Realtime tenant limits as under supabase start (not lifted): 200 users; 100 events, 100 postgres changes, 100 joins a second\n',
  )
  await syncMigrations(db.cluster.url(), loadConfig())
  await sql.connect()
  await sql.query('set synchronous_commit = on')
  await seedCourse(sql, learners, 0)
  await sql.query(SAVE_AS)

  const live = await forkLiveServer(db.url)
  server = live.process
  const { samples, realtimeUrl } = live

  // Browsers open at most `joinRate` a second.
  const opening = performance.now()
  for (let i = 0; i < learners; i++) {
    const userId = courseLearner(i)
    const browser = new Browser(
      realtimeUrl,
      userId,
      token(userId),
      tabs,
      (tab, progress, via) => observe(userId, tab, progress, via),
      (progress) => broadcastArrived(userId, progress),
    )
    browsers.push(browser)
    await browser.open()
    const due = opening + ((i + 1) / joinRate) * 1000
    if (due > performance.now()) await sleep(due - performance.now())
  }
  // Joins settle (a refused one stays paused and keeps retrying).
  const settleBy = performance.now() + 10_000
  while (browsers.some((b) => b.status[0] === 'connecting') && performance.now() < settleBy) await sleep(100)
  const liveAtStart = browsers.filter((b) => b.status.every((s) => s === 'live')).length
  process.stdout.write(
    `opened ${learners} browsers in ${((performance.now() - opening) / 1000).toFixed(1)} s; ` +
      `live ${liveAtStart}, paused ${browsers.filter((b) => b.status[0] === 'paused').length}\n`,
  )

  // Saves: learner k % n saves at k / n seconds, position = its save number.
  const lastSaved = new Map<string, number>()
  let saves = 0
  let failed = 0
  const pending = new Set<Promise<void>>()
  const total = learners * seconds
  const started = performance.now()
  let issued = 0
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * learners) + 1)
    for (; issued < due; issued++) {
      const browser = browsers[issued % learners]!
      const position = Math.floor(issued / learners) + 1
      const save = pool
        .query<{ result: { progress: Progress } }>('select bench.save_as($1, $2, $3) as result', [
          browser.userId,
          lessonId,
          position,
        ])
        .then(
          ({ rows }) => {
            saves++
            const progress = rows[0]!.result.progress
            lastSaved.set(browser.userId, Math.max(lastSaved.get(browser.userId) ?? 0, progress.position_s))
            answered(browser, progress)
          },
          () => void failed++,
        )
      pending.add(save)
      void save.finally(() => pending.delete(save))
    }
    await sleep(5)
  }
  await Promise.all(pending)
  const runSeconds = (performance.now() - started) / 1000
  await sleep(2000)

  // What the database holds, against what each tab shows.
  const { rows } = await sql.query<{ user_id: string; position_s: number }>(
    'select user_id, position_s from public.lesson_progress where lesson_id = $1',
    [lessonId],
  )
  const stored = new Map(rows.map((row) => [row.user_id, row.position_s]))
  const lost = [...lastSaved].filter(([user, position]) => stored.get(user) !== position).length
  const behind = browsers.reduce(
    (n, b) => n + b.progress.filter((p) => p?.position_s !== stored.get(b.userId)).length,
    0,
  )
  const { rows: sent } = await sql.query<{ n: number }>(
    `select count(*)::integer as n from realtime.messages where event = 'progress' and topic = any($1::text[])`,
    [browsers.map((b) => `account:${b.userId}`)],
  )
  const sum = (pick: (b: Browser) => number) => browsers.reduce((n, b) => n + pick(b), 0)
  const peak = (pick: (s: TenantSample) => number) => Math.max(0, ...samples.map(pick))
  const limits = samples[0]?.limits
  const allTabs = [...convergence.saver, ...convergence.tab, ...convergence.realtime]
  const unseen = [...waiting.values()].reduce((n, list) => n + list.reduce((m, s) => m + s.tabs.size, 0), 0)
  process.stdout.write(
    `\nsaves: ${saves} stored of ${total} (${(saves / runSeconds).toFixed(0)}/s over ${runSeconds.toFixed(1)} s), ` +
      `${failed} failed; writes lost (final state not the last save): ${lost}   target 0\n` +
      `sockets refused (429): ${sum((b) => b.counts.socketsRefused)} upgrades, ` +
      `${browsers.filter((b) => b.counts.socketsRefused > 0).length} browsers; ` +
      `joins refused or timed out: ${sum((b) => b.counts.joinsRefused)}; ` +
      `channels shut by the server: ${sum((b) => b.counts.channelsClosed)}; ` +
      `browsers live at the end: ${browsers.filter((b) => b.status[0] === 'live').length}/${learners}   target 0 refused\n` +
      `progress broadcasts: ${sent[0]!.n} sent by the database, ${sum((b) => b.counts.broadcastsReceived)} received ` +
      `by leader tabs, p50 ${ms(broadcastDelays, 50)}, p95 ${ms(broadcastDelays, 95)} after the save's answer ` +
      `(${broadcastDelays.length} timed; one that beats the answer counts 0)\n` +
      `convergence of every tab to each saved state, from the save's answer: p50 ${ms(allTabs, 50)}, ` +
      `p95 ${ms(allTabs, 95)}, p99 ${ms(allTabs, 99)} over ${allTabs.length} (tab, save) pairs; ` +
      `${unseen} never shown (superseded before they arrived)   target p95 ≤ 2000 ms\n` +
      `  the saving tab: p95 ${ms(convergence.saver, 95)}; other tabs by the saving tab's share: ` +
      `p95 ${ms(convergence.tab, 95)} (${convergence.tab.length}); by the database's broadcast over Realtime: ` +
      `p50 ${ms(convergence.realtime, 50)}, p95 ${ms(convergence.realtime, 95)} (${convergence.realtime.length})\n` +
      `tabs not at the database's final state 2 s after the last save: ${behind} of ${learners * tabs}\n` +
      `tenant counters, peak against limit: users ${peak((s) => s.users)}/${limits?.maxConcurrentUsers}, ` +
      `events ${peak((s) => s.events).toFixed(1)}/s of ${limits?.maxEventsPerSecond}, ` +
      `postgres changes ${peak((s) => s.dbEvents).toFixed(1)}/s of ${limits?.maxEventsPerSecond}, ` +
      `joins ${peak((s) => s.joins).toFixed(1)}/s of ${limits?.maxJoinsPerSecond} ` +
      `(rates are Realtime's: 5 s buckets averaged over the last minute)\n`,
  )
} finally {
  for (const browser of browsers) browser.close()
  await pool.end().catch(() => {})
  await sql.end().catch(() => {})
  server?.kill('SIGTERM')
  await new Promise((resolve) => (server && server.exitCode === null ? server.once('exit', resolve) : resolve(null)))
  await db.stop()
}
