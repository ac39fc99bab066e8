// `npm run bench -- auth`: the Auth service's throughput. Password sign-ins per second (bcrypt cost 10, like seed
// users) while a REST benchmark runs beside it in the same process (a primary-key GET under RLS with the user's
// JWT, 200 requests/s), whose latency and event-loop delay show whether hashing stalls other requests; then token
// refreshes per second, each connection rotating its own refresh-token chain. Targets (STACK.md): sign-in ≥ 20/s
// without blocking other requests; refresh ≥ 300/s.
// The service runs in a child process so the load generator does not share its event loop. Database:
// SUMMIT_BENCH_DB_URL, or a throw-away cluster in a temporary folder. Rate limits are lifted: config.toml's
// per-client limits (150 token calls per 5 minutes) would otherwise cap every figure at the burst.
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type Result } from 'autocannon'
import bcrypt from 'bcryptjs'
import pg from 'pg'
import { applyBootstrap } from '../local-stack/db/bootstrap.ts'
import { Cluster } from '../local-stack/db/cluster.ts'
import { serveForBench, type LoopDelay } from './auth-server.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const users = 40
const password = 'bench-password-1'

async function freePort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** SUMMIT_BENCH_DB_URL, or a fresh bootstrapped cluster (and how to get rid of it). */
async function database(): Promise<{ url: string; close: () => Promise<void> }> {
  if (process.env.SUMMIT_BENCH_DB_URL) return { url: process.env.SUMMIT_BENCH_DB_URL, close: async () => {} }
  const dir = mkdtempSync(path.join(tmpdir(), 'summit-bench-auth-'))
  const cluster = new Cluster({ dir, port: await freePort(), durable: false })
  process.stdout.write('  starting a throw-away database…\n')
  await cluster.init()
  await cluster.start()
  await applyBootstrap(cluster.adminUrl(), path.join(dir, 'bootstrap.sha256'))
  return {
    url: cluster.adminUrl(),
    close: async () => {
      await cluster.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Seed-style users: confirmed, with a cost-10 bcrypt hash written the way seed.sql writes it. */
async function seedUsers(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const emails = Array.from({ length: users }, (_, i) => `bench-${Date.now()}-${i}@example.test`)
  const hash = bcrypt.hashSync(password, 10).replace(/^\$2b\$/, '$2a$')
  await client.query(
    `with u as (
       insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
         email_change_token_new, email_change)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', e, $2,
         now(), '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', ''
       from unnest($1::text[]) e returning id, email)
     insert into auth.identities (user_id, provider_id, provider, identity_data, created_at, updated_at)
     select id, id::text, 'email', jsonb_build_object('sub', id::text, 'email', email), now(), now() from u`,
    [emails, hash],
  )
  // What the REST side load reads: one row per user, visible to its owner only.
  await client.query(`
    create table if not exists public.bench_notes (id bigint primary key, owner uuid not null, body text not null);
    alter table public.bench_notes enable row level security;
    drop policy if exists bench_notes_select_owner on public.bench_notes;
    create policy bench_notes_select_owner on public.bench_notes for select to authenticated
      using (owner = (select auth.uid()));
    grant select on public.bench_notes to authenticated;
    insert into public.bench_notes (id, owner, body)
      select row_number() over (), id, 'note' from auth.users where email like 'bench-%'
      on conflict (id) do nothing;`)
  await client.end()
  return emails
}

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

const json = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' }
const perSecond = (result: Result) => result['2xx'] / (result.duration || seconds)

async function measure(base: string, emails: string[], server: ReturnType<typeof fork>) {
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      server.once('message', (reply) => resolve(reply as T))
      server.send(message)
    })
  const session = await fetch(`${base}/token?grant_type=password`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: emails[0], password }),
  })
  const { access_token: token, user } = (await session.json()) as { access_token: string; user: { id: string } }
  const rest = base.replace(/\/auth\/v1$/, '/rest/v1')
  const side = () =>
    run({
      url: `${rest}/bench_notes?select=id,body&owner=eq.${user.id}`,
      headers: { authorization: `Bearer ${token}` },
      connections: 4,
      overallRate: 200,
      duration: seconds,
    })
  process.stdout.write(`  REST side load alone (GET under RLS at 200/s, ${seconds} s)…\n`)
  const alone = await side()
  let next = 0
  process.stdout.write(`  password sign-ins with the REST load beside them (${seconds} s)…\n`)
  await ask('loop-start')
  const [signIns, during] = await Promise.all([
    run({
      url: `${base}/token?grant_type=password`,
      connections: 8,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: json,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ email: emails[next++ % users], password }),
          }),
        },
      ],
    }),
    side(),
  ])
  const loop = await ask<LoopDelay>('loop-stop')

  process.stdout.write(`  token refreshes (${seconds} s)…\n`)
  const connections = 16
  const chains: string[] = []
  for (let i = 0; i < connections; i++) {
    const response = await fetch(`${base}/token?grant_type=password`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: emails[i % users], password }),
    })
    chains.push(((await response.json()) as { refresh_token: string }).refresh_token)
  }
  let handedOut = 0
  const refreshes = await run({
    url: `${base}/token?grant_type=refresh_token`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: json,
        setupRequest: (request, context: { token?: string }) => {
          context.token ??= chains[handedOut++ % chains.length]
          return { ...request, body: JSON.stringify({ refresh_token: context.token }) }
        },
        onResponse: (status, body, context: { token?: string }) => {
          if (status === 200) context.token = (JSON.parse(body) as { refresh_token: string }).refresh_token
        },
      },
    ],
  })
  return { alone, signIns, during, loop, refreshes }
}

function report({ alone, signIns, during, loop, refreshes }: Awaited<ReturnType<typeof measure>>): void {
  const ms = (n: number) => `${n.toFixed(1)} ms`
  const rows: [string, string, string, boolean][] = [
    ['password sign-ins', `${perSecond(signIns).toFixed(1)}/s`, '≥ 20/s', perSecond(signIns) >= 20],
    ['token refreshes', `${perSecond(refreshes).toFixed(0)}/s`, '≥ 300/s', perSecond(refreshes) >= 300],
    ['REST side load alone', `p50 ${ms(alone.latency.p50)}, p99 ${ms(alone.latency.p99)}`, '', true],
    [
      'REST side load beside sign-ins',
      `p50 ${ms(during.latency.p50)}, p99 ${ms(during.latency.p99)}`,
      'p99 ≤ 50 ms',
      during.latency.p99 <= 50,
    ],
    ['event loop delay beside sign-ins', `p99 ${ms(loop.p99)}, max ${ms(loop.max)}`, 'p99 ≤ 20 ms', loop.p99 <= 20],
    [
      'non-2xx (sign-in, refresh)',
      `${signIns.non2xx}, ${refreshes.non2xx}`,
      '0, 0',
      signIns.non2xx + refreshes.non2xx === 0,
    ],
  ]
  process.stdout.write('\nAuth benchmark\n')
  for (const [name, value, target, ok] of rows) {
    process.stdout.write(`  ${name.padEnd(34)} ${value.padEnd(28)} ${target ? `${ok ? '✓' : '✗'} ${target}` : ''}\n`)
  }
}

async function main(): Promise<void> {
  const db = await database()
  try {
    const emails = await seedUsers(db.url)
    const server = fork(fileURLToPath(import.meta.url), ['--serve'], { env: { ...process.env, BENCH_DB_URL: db.url } })
    try {
      const port = await new Promise<number>((resolve) => server.once('message', (m) => resolve(m as number)))
      report(await measure(`http://127.0.0.1:${port}/auth/v1`, emails, server))
    } finally {
      server.send('stop')
      await new Promise((resolve) => server.once('exit', resolve))
    }
  } finally {
    await db.close()
  }
}

if (process.argv.includes('--serve')) await serveForBench(process.env.BENCH_DB_URL ?? '')
else await main()
