// `npm start`: the local stack (database with migrations and seed) plus the web app's dev server, in the foreground.
// Ctrl-C stops both and leaves no process behind; the data is kept for the next start.
import { bold, dim, red, seconds } from './local-stack/log.ts'
import { Stack } from './local-stack/stack.ts'
import { printSummary } from './local-stack/summary.ts'
import { WebServer, webPort, webUrl } from './local-stack/web.ts'
import { step } from './local-stack/log.ts'

const started = performance.now()
process.stdout.write(`${bold('Summit')} ${dim('— starting the local stack')}\n`)

const stack = new Stack('dev')
const web = new WebServer()
let shuttingDown = false

async function shutdown(code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true
    process.stdout.write(`\n${dim('Stopping…')}\n`)
    await web.stop()
    await stack.stop()
    process.stdout.write(`${dim('Stopped.')}\n`)
  }
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0))

try {
  await stack.start({ extraPorts: [{ port: webPort, purpose: 'web app' }] })
  await step(`start the web app on ${webUrl}`, () => web.start(`http://127.0.0.1:${stack.config.api.port}`))
  stack.record({ webUrl })
} catch (error) {
  process.stderr.write(`\n${red((error as Error).message)}\n`)
  await shutdown(1)
}

printSummary(stack.config, { db: stack.database.url, web: webUrl })
process.stdout.write(`\n  ${dim(`Ready in ${seconds(started)}.`)}\n\n`)

const code = await web.done
if (!shuttingDown) {
  process.stderr.write(red(`\nThe web dev server stopped (exit code ${code}).\n`))
  await shutdown(1)
}
