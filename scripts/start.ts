// `npm start`: the local stack (database with migrations and seed, the API gateway on :54321 with its services)
// plus the web app's dev server, in the foreground. Ctrl-C stops everything and leaves no process behind; the data
// is kept for the next start. Flags: --verbose (every API request in the terminal), --host/--allow-non-loopback.
import { bold, dim, red, seconds, step, yellow } from './local-stack/log.ts'
import { parseStackFlags, Stack } from './local-stack/stack.ts'
import { printSummary } from './local-stack/summary.ts'
import { WebServer, webPort, webUrl } from './local-stack/web.ts'
import { prepareFunctionDeps } from './setup/deno-cache.ts'

const started = performance.now()
process.stdout.write(`${bold('Summit')} ${dim('— starting the local stack')}\n`)

let stack: Stack
try {
  stack = new Stack('dev', parseStackFlags(process.argv.slice(2)))
} catch (error) {
  process.stderr.write(`${red((error as Error).message)}\n`)
  process.exit(2)
}
const web = new WebServer()
let shuttingDown: Promise<void> | undefined

/**
 * Ctrl-C reaches every process of the group, and setup/node-runtime.ts, which runs this script as its child, relays it
 * once more, so a second signal is normal: it joins the shutdown under way instead of exiting before the database has
 * stopped.
 */
async function shutdown(code: number): Promise<never> {
  shuttingDown ??= (async () => {
    process.stdout.write(`\n${dim('Stopping…')}\n`)
    await web.stop()
    await stack.stop()
    process.stdout.write(`${dim('Stopped.')}\n`)
  })()
  await shuttingDown
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0))

// The functions' npm packages into the project's Deno cache (a no-op when install did it), so their first call
// works offline. Without network and cache the stack still starts; the functions then fetch on first call.
const cacheFunctionDeps = () =>
  step("cache the edge functions' npm packages", () => prepareFunctionDeps()).then(
    () => {},
    (error: Error) => void process.stdout.write(`${yellow(error.message)}\n`),
  )

try {
  // Neither the Deno cache nor Vite's dev server needs the database: both run side by side with the stack's start.
  const yieldCpu = stack.database.willBuild()
  await stack.start({
    extraPorts: [{ port: webPort, purpose: 'web app' }],
    alongside: async () => {
      await Promise.all([
        cacheFunctionDeps(),
        step(`start the web app on ${webUrl}`, () => web.start(stack.apiUrl, { yieldCpu })),
      ])
    },
  })
  stack.record({ webUrl })
} catch (error) {
  process.stderr.write(`\n${red((error as Error).message)}\n`)
  await shutdown(1)
}

printSummary(stack.config, { db: stack.database.url, web: webUrl, api: stack.apiSummary })
process.stdout.write(`\n  ${dim(`Ready in ${seconds(started)}.`)}\n\n`)

const code = await web.done
if (!shuttingDown) {
  process.stderr.write(red(`\nThe web dev server stopped (exit code ${code}).\n`))
  await shutdown(1)
}
