// `npm run bench -- start`: how long `npm start` takes until the app answers, cold (no data folder: initdb,
// bootstrap, migrations, seed) and warm (data kept), median of several runs. Targets (issue 30, tighter than
// STACK.md's 20 s and 5 s): cold ≤ 5 s, warm ≤ 2 s. Your own data folder is moved aside for the cold runs and put
// back afterwards. What is timed is the command a developer types, `npm start`, run from the PATH their shell has:
// npm itself and, on a Node below the floor, the step to Node 22 (setup/node-runtime.ts) are part of the wait.
import { spawn } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { profileDir, repoRoot, stackDir } from '../local-stack/paths.ts'
import { readState } from '../local-stack/state.ts'
import { median } from './percentile-rank.ts'

const runs = Number(process.env.BENCH_RUNS ?? 3)

/**
 * The PATH of the shell that ran `npm run bench`: on a Node below the floor, node-runtime.ts runs this script on the
 * Node 22 it installed and puts that first on PATH, which `npm start` from a shell would not have.
 */
function shellPath(): string {
  const entries = (process.env.PATH ?? '').split(path.delimiter)
  const ownNode = path.dirname(process.execPath)
  const installed = ownNode.startsWith(path.join(stackDir, 'node') + path.sep)
  return (installed && entries[0] === ownNode ? entries.slice(1) : entries).join(path.delimiter)
}

/** Whether any process of the group led by `pid` is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Runs `npm start` in a process group of its own, resolves with the seconds until it prints "Ready", then stops it as
 * Ctrl-C would (SIGINT to the whole group) and waits until every process of the group has ended.
 */
function timeStart(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: { ...process.env, PATH: shellPath() },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let output = ''
    let elapsed: number | undefined
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      if (elapsed === undefined && output.includes('Ready in')) {
        elapsed = (performance.now() - started) / 1000
        process.kill(-child.pid!, 'SIGINT')
      }
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.once('error', reject)
    child.once('exit', async () => {
      while (groupAlive(child.pid!)) await new Promise((resolve) => setTimeout(resolve, 50))
      if (elapsed === undefined) reject(new Error(`npm start did not become ready:\n${output}`))
      else resolve(elapsed)
    })
  })
}

if (readState()) {
  process.stderr.write('A stack is running; stop it first (`npm run stack -- stop`).\n')
  process.exit(1)
}
const dev = profileDir('dev')
const aside = `${dev}.before-bench`
if (existsSync(dev)) renameSync(dev, aside)
const cold: number[] = []
const warm: number[] = []
try {
  for (let i = 0; i < runs; i++) {
    rmSync(dev, { recursive: true, force: true })
    cold.push(await timeStart())
    warm.push(await timeStart())
  }
} finally {
  rmSync(dev, { recursive: true, force: true })
  if (existsSync(aside)) renameSync(aside, dev)
}
const fmt = (values: number[]) =>
  `median ${median(values).toFixed(1)} s (runs: ${values.map((v) => v.toFixed(1)).join(', ')})`
process.stdout.write(`npm start until ready, ${runs} runs each\n`)
const met = (values: number[], target: number) => (median(values) <= target ? 'met' : 'MISSED')
process.stdout.write(`  cold  ${fmt(cold)}   target ≤ 5 s: ${met(cold, 5)}\n`)
process.stdout.write(`  warm  ${fmt(warm)}   target ≤ 2 s: ${met(warm, 2)}\n`)
