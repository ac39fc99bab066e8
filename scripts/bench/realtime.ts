// `npm run bench -- realtime`: the Realtime service under load on a throw-away database, the service in its own
// process. (1) One row change delivered to 1,000 postgres_changes subscribers (BENCH_FANOUT), each a different
// signed-in user checked by RLS: latency from the INSERT to each delivery, p50/p95/p99, lost and duplicate
// deliveries. (2) Class load: 200 learners (BENCH_SUBSCRIBERS) each saving their progress once a second for 60 s,
// each subscribed to their own rows (filter and RLS): delivery latency and backlog. (3) 1,000 broadcasts a second
// to 100 subscribers of one channel: deliveries and latency. Figures are printed beside their targets.
// BENCH_SCENARIOS=fanout,class,broadcast picks some of them.
import { fork, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { signHs256 } from '../local-stack/keys/jwt.ts'
import { freePort, startScratchCluster } from '../local-stack/rest/testing/scratch-cluster.ts'
import { checkTimes, type CheckTimes } from './realtime-check.ts'
import { classLoad, CLASS_SCHEMA } from './realtime-class.ts'
import { median, percentileOf as percentile } from './percentile-rank.ts'
import { broadcastStream, changeFanout, signedInClient, type Latencies } from './realtime-load.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const FANOUT = Number(process.env.BENCH_FANOUT ?? 1000)
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200)
const CHANGES = Number(process.env.BENCH_CHANGES ?? 50)
const RECEIVERS = Number(process.env.BENCH_RECEIVERS ?? 100)
const RATE = Number(process.env.BENCH_RATE ?? 1000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CLASS_SECONDS = Number(process.env.BENCH_CLASS_SECONDS ?? 60)
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'fanout,class,broadcast').split(','))

const SCHEMA = `
  create schema bench;
  create table bench.items (id bigint primary key, room int not null, body text);
  alter table bench.items enable row level security;
  create policy items_select_room on bench.items for select to authenticated
    using (room = ((select auth.jwt() ->> 'room'))::int);
  grant usage on schema bench to authenticated;
  grant select on bench.items to authenticated;
  alter publication supabase_realtime add table bench.items;`

const userId = (i: number) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`
const token = (i: number) =>
  signHs256({
    sub: userId(i),
    role: 'authenticated',
    aud: 'authenticated',
    room: 1,
    exp: Math.floor(Date.now() / 1000) + 3600,
  })

function line(name: string, run: Latencies, target = ''): string {
  const ms = (p: number) => `${percentile(run.latencies, p).toFixed(1)} ms`
  return (
    `  ${name}\n    delivered ${run.received}/${run.expected} in ${run.seconds.toFixed(1)} s; ` +
    `latency p50 ${ms(50)}, p95 ${ms(95)}, p99 ${ms(99)}${target ? `   ${target}` : ''}\n`
  )
}

const scratchDir = path.join(os.tmpdir(), `summit-bench-realtime-${process.pid}`)
const db = await startScratchCluster(scratchDir, await freePort())
let server: ChildProcess | undefined
const sql = new pg.Client({ connectionString: db.url })
try {
  await sql.connect()
  await sql.query(SCHEMA)
  await sql.query(CLASS_SCHEMA)
  // The scratch cluster is not durable (synchronous_commit off), so a commit would reach the replication stream only
  // when the WAL writer next flushes (up to 200 ms later). `npm start`'s database commits synchronously; so do we.
  await sql.query('set synchronous_commit = on')
  server = fork(path.join(here, 'realtime-server.ts'), [], {
    // BENCH_PROFILE=<dir> writes a CPU profile of the server process there.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: { ...process.env, BENCH_DB_URL: db.url },
  })
  const port = await new Promise<number>((resolve, reject) => {
    server!.once('message', (message) => resolve((message as { port: number }).port))
    server!.once('exit', (code) => reject(new Error(`the realtime server exited with ${code}`)))
  })
  const url = `http://127.0.0.1:${port}`
  process.stdout.write(`realtime benchmark (server pid ${server.pid}, ${os.cpus().length} CPUs)\n`)
  process.stdout.write(
    "tenant limits lifted for the benchmark (supabase start's tenant allows 200 users and 100 events, 100 postgres " +
      `changes and 100 joins a second; these loads, ${FANOUT} users among them, are over that)\n`,
  )

  const clients = Math.max(SCENARIOS.has('fanout') ? FANOUT : 0, SUBSCRIBERS, RECEIVERS + 1)
  const subscribers = await Promise.all(Array.from({ length: clients }, (_, i) => signedInClient(url, token(i))))
  if (SCENARIOS.has('fanout')) {
    let check: CheckTimes | undefined
    const fanout = await changeFanout(subscribers.slice(0, FANOUT), sql, CHANGES, 5000, async () => {
      check = await checkTimes(db.url, 1)
    })
    const medianMs = (values: number[]) => median(values).toFixed(1)
    process.stdout.write(
      line(
        `one row change → ${FANOUT} subscribers (RLS per user, each its own socket), ${CHANGES} changes`,
        fanout,
        'target p95 ≤ 100 ms',
      ) +
        `    lost ${fanout.lost}, duplicates ${fanout.duplicates}   target: 0 and 0\n` +
        `    where the time goes: the database's check of one change for ${check!.subscribers} subscribers (median ` +
        `of ${check!.original.length}, alternately): realtime.apply_rls() in one call ${medianMs(check!.original)} ms, ` +
        `the service's (its copy, ${check!.parts} connections) ${medianMs(check!.service)} ms` +
        `${check!.same ? '' : ' (ANSWERS DIFFER)'}; first to last delivery of a change at the subscribers: ` +
        `median ${medianMs(fanout.spreads)} ms\n`,
    )
  }
  if (SCENARIOS.has('class')) {
    const run = await classLoad(subscribers.slice(0, SUBSCRIBERS), userId, db.url, CLASS_SECONDS)
    const rate = (run.saves / run.seconds).toFixed(0)
    process.stdout.write(
      line(
        `class load: ${SUBSCRIBERS} learners saving once a second for ${CLASS_SECONDS} s (${rate} changes/s), ` +
          `each subscribed to their own rows (filter + RLS)`,
        run,
        'target p95 ≤ 1000 ms',
      ) +
        `    backlog each second: max ${Math.max(0, ...run.backlog)}, at the end ${run.backlog.at(-1) ?? 0}; ` +
        `drained ${run.drainSeconds.toFixed(1)} s after the last save; failed saves ${run.failedSaves}, ` +
        `misdelivered ${run.misdelivered}\n`,
    )
  }
  await Promise.all(subscribers.map((client) => client.removeAllChannels()))
  for (const client of subscribers.slice(RECEIVERS + 1)) client.realtime.disconnect()

  if (SCENARIOS.has('broadcast')) {
    const [sender, ...receivers] = subscribers.slice(0, RECEIVERS + 1)
    const stream = await broadcastStream(sender!, receivers, RATE, SECONDS)
    process.stdout.write(
      line(
        `${RATE} broadcasts/s → ${RECEIVERS} subscribers for ${SECONDS} s`,
        stream,
        'target: every message delivered',
      ),
    )
  }
  for (const client of subscribers) client.realtime.disconnect()
} finally {
  await sql.end().catch(() => {})
  server?.kill('SIGTERM')
  await new Promise((resolve) => (server && server.exitCode === null ? server.once('exit', resolve) : resolve(null)))
  await db.stop()
}
