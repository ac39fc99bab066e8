// `npm run stack -- <command>`: manage the local stack without the web app.
//   start   run the stack in the foreground (Ctrl-C stops it); --verbose shows every API request
//   status  is it running, and where
//   stop    stop a running stack (or a database left behind by one that was killed)
//   reset   recreate the database as `supabase db reset` does (migrations, seed, config buckets, objects_path),
//           running or not; a running stack pauses Realtime's replication meanwhile and REST reloads its schema cache
import path from 'node:path'
import { asSuperuser, Cluster, resetDatabase, stackReplication } from './db/index.ts'
import { bold, dim, red, step } from './log.ts'
import { profileDir } from './paths.ts'
import { parseStackFlags, Stack, stackFlagsUsage } from './stack.ts'
import { isAlive, readState } from './state.ts'
import { printSummary } from './summary.ts'
import { loadConfig } from './config/index.ts'
import { reseedConfigBuckets, seedBucketObjects } from './storage/index.ts'
import { createClient } from './db/pools.ts'

const usage = `usage: npm run stack -- start ${stackFlagsUsage} | status | stop | reset`

async function start(args: string[]): Promise<void> {
  const stack = new Stack('dev', parseStackFlags(args))
  const stop = async (code: number) => {
    await stack.stop()
    process.exit(code)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0))
  try {
    await stack.start()
  } catch (error) {
    process.stderr.write(`${red((error as Error).message)}\n`)
    await stop(1)
  }
  printSummary(stack.config, { db: stack.database.url, api: stack.apiSummary })
  setInterval(() => {}, 1 << 30)
}

function status(): number {
  const state = readState()
  if (!state) {
    process.stdout.write('The local stack is not running. `npm start` starts it.\n')
    return 1
  }
  process.stdout.write(`${bold('Running')} ${dim(`(${state.profile}, pid ${state.pid}, since ${state.startedAt})`)}\n`)
  const config = loadConfig()
  process.stdout.write(`  API       http://127.0.0.1:${config.api.port}\n`)
  process.stdout.write(`  Database  ${state.dbUrl}\n`)
  if (state.webUrl) process.stdout.write(`  App       ${state.webUrl}\n`)
  const log = path.relative(process.cwd(), path.join(profileDir(state.profile), 'api.log'))
  process.stdout.write(`  ${dim(`API requests are logged to ${log}`)}\n`)
  return 0
}

async function stop(): Promise<number> {
  const state = readState()
  if (state) {
    process.kill(state.pid, 'SIGTERM')
    const deadline = Date.now() + 30_000
    while (isAlive(state.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    if (isAlive(state.pid)) {
      process.stderr.write(`pid ${state.pid} did not stop within 30 s; killing it.\n`)
      process.kill(state.pid, 'SIGKILL')
    }
    process.stdout.write(`Stopped the stack (pid ${state.pid}).\n`)
  }
  // A database whose supervisor was killed outright keeps running; shut those down too.
  const config = loadConfig()
  for (const profile of ['dev', 'test'] as const) {
    const cluster = new Cluster({ dir: profileDir(profile), port: config.db.port, durable: true })
    if (await cluster.stopOrphan()) process.stdout.write(`Stopped a leftover ${profile} database.\n`)
  }
  if (!state) process.stdout.write('The local stack is not running.\n')
  return 0
}

async function reset(): Promise<number> {
  const state = readState()
  if (state) {
    // The stack's gate to the database stays closed (503 with Retry-After) until the schema cache and the buckets
    // are back, not just the migrations: reopened here, whatever happened, before the seed objects go through the API.
    const stackPause = stackReplication(state)
    const held = { pauseReplication: () => stackPause.pauseReplication(), resumeReplication: () => {} }
    const config = loadConfig()
    try {
      await step('reset the database: migrations and seed (supabase CLI)', () =>
        resetDatabase(state.dbUrl, { replication: held }),
      )
      await step('reload the REST schema cache', () => reloadRestSchema(state.dbUrl))
      await step('create the config.toml buckets again', () =>
        reseedConfigBuckets(asSuperuser(state.dbUrl), config.storage),
      )
    } finally {
      stackPause.resumeReplication()
    }
    await seedBucketObjects(config, `http://127.0.0.1:${config.api.port}`)
    return 0
  }
  const stack = new Stack('dev')
  try {
    await stack.start({ gateway: false })
    await stack.reset()
  } finally {
    await stack.stop()
  }
  return 0
}

/** The running REST service listens on channel `pgrst`, as PostgREST does. */
async function reloadRestSchema(dbUrl: string): Promise<void> {
  const client = createClient({ url: dbUrl, applicationName: 'summit-cli' })
  await client.connect()
  try {
    await client.query(`notify pgrst, 'reload schema'`)
  } finally {
    await client.end()
  }
}

const command = process.argv[2]
try {
  if (command !== 'start' && process.argv.length > 3) throw new Error(usage)
  switch (command) {
    case 'start':
      await start(process.argv.slice(3))
      break
    case 'status':
      process.exit(status())
      break
    case 'stop':
      process.exit(await stop())
      break
    case 'reset':
      process.exit(await reset())
      break
    default:
      process.stderr.write(`${usage}\n`)
      process.exit(2)
  }
} catch (error) {
  process.stderr.write(`${red((error as Error).message)}\n`)
  process.exit(1)
}
