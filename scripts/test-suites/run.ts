// Runs one suite's process with its output shown and turns what it did into a verdict (verdict.ts). `npm test` and
// the tests of the runner itself go through the same functions, so what those tests prove holds for the real run.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../local-stack/paths.ts'
import {
  denoVerdict,
  playwrightVerdict,
  vitestVerdict,
  type PlaywrightExpectations,
  type PlaywrightReport,
  type Verdict,
  type VitestExpectations,
  type VitestReport,
} from './verdict.ts'

export const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name)

export interface RunOptions {
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Keep the output to the result instead of echoing it (the runner's own tests). */
  quiet?: boolean
}

/** Runs a command and returns its exit code and output (a spawn failure is exit 127 with the reason). */
export function run(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const collect = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString()
      if (!options.quiet) stream.write(chunk)
    }
    child.stdout.on('data', collect(process.stdout))
    child.stderr.on('data', collect(process.stderr))
    child.once('error', (error) => resolve({ code: 127, output: error.message }))
    // A process killed by a signal has no exit code: that is a failure too.
    child.once('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

function readReport<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    return undefined
  }
}

/** `vitest run` with a JSON report beside the default reporter. */
export async function runVitest(
  args: string[],
  report: string,
  options: RunOptions = {},
  expected?: VitestExpectations,
): Promise<Verdict> {
  rmSync(report, { force: true })
  const { code } = await run(
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    options,
  )
  return vitestVerdict(code, readReport<VitestReport>(report), expected)
}

/** `playwright test` with its JSON report written where `report` says (the config reads E2E_JSON_REPORT). */
export async function runPlaywright(
  config: string,
  report: string,
  options: RunOptions = {},
  expected?: PlaywrightExpectations,
): Promise<Verdict> {
  rmSync(report, { force: true })
  const { code } = await run(bin('playwright'), ['test', '--config', config], {
    ...options,
    env: { ...options.env, E2E_JSON_REPORT: report },
  })
  return playwrightVerdict(code, readReport<PlaywrightReport>(report), expected)
}

export async function runDenoTest(args: string[], options: RunOptions = {}, floor = 0): Promise<Verdict> {
  const { code, output } = await run(bin('deno'), ['test', ...args], {
    ...options,
    env: { NO_COLOR: '1', ...options.env },
  })
  return denoVerdict(code, output, floor)
}
