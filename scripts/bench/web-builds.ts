// Builds of the web app for `npm run bench -- web`: the working tree's, and (BENCH_BASELINE=<git ref>) another
// commit's, built in a temporary git worktree that borrows this checkout's node_modules, each served by `vite preview`
// on its own port, so the two are measured side by side in one run on the same stack.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { publishableKey } from '../local-stack/keys/index.ts'
import { repoRoot } from '../local-stack/paths.ts'

const run = promisify(execFile)

export interface ServedBuild {
  label: string
  origin: string
  /** The built files, with Vite's manifest in .vite/manifest.json. */
  outDir: string
  stop(): Promise<void>
}

async function build(webDir: string, outDir: string, apiUrl: string): Promise<void> {
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js')
  const env = { ...process.env, VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_PUBLISHABLE_KEY: publishableKey }
  await run(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest'], {
    cwd: webDir,
    env,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: Error & { stderr?: string }) => {
    throw new Error(`The production build in ${webDir} failed:\n${error.stderr ?? error.message}`)
  })
}

async function serve(label: string, outDir: string, port: number): Promise<ServedBuild> {
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js')
  const args = [vite, 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort']
  const origin = `http://127.0.0.1:${port}`
  // A server already answering there (one left by a run that died) would be measured in this one's place.
  if (
    await fetch(origin).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`Port ${port} already answers: stop what serves it (a vite preview left by an earlier run?)`)
  }
  const child: ChildProcess = spawn(process.execPath, args, { cwd: path.join(repoRoot, 'web'), stdio: 'ignore' })
  // Also when this process ends on an uncaught error, which skips the bench's own stop.
  const killOnExit = () => child.kill('SIGTERM')
  process.once('exit', killOnExit)
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite preview for ${label} exited (port ${port} taken?)`)
    if (
      await fetch(origin).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (Date.now() > deadline) throw new Error(`vite preview for ${label} did not answer within 30 s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return {
    label,
    origin,
    outDir,
    stop: async () => {
      process.off('exit', killOnExit)
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** The working tree's build, served on `port`. */
export async function serveWorkingTree(apiUrl: string, port: number, outDir: string): Promise<ServedBuild> {
  await build(path.join(repoRoot, 'web'), outDir, apiUrl)
  return serve('this tree', outDir, port)
}

/** The build of `ref` (a commit), from a temporary worktree removed once built, served on `port`. */
export async function serveCommit(ref: string, apiUrl: string, port: number, outDir: string): Promise<ServedBuild> {
  const { stdout } = await run('git', ['rev-parse', '--short', ref], { cwd: repoRoot })
  const commit = stdout.trim()
  const tree = mkdtempSync(path.join(os.tmpdir(), 'summit-bench-'))
  await run('git', ['worktree', 'add', '--detach', tree, commit], { cwd: repoRoot })
  try {
    // Same dependencies as this checkout: the comparison is of the app's code, not of an install.
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(tree, 'node_modules'))
    if (existsSync(path.join(repoRoot, 'web', 'node_modules'))) {
      symlinkSync(path.join(repoRoot, 'web', 'node_modules'), path.join(tree, 'web', 'node_modules'))
    }
    await build(path.join(tree, 'web'), outDir, apiUrl)
  } finally {
    await run('git', ['worktree', 'remove', '--force', tree], { cwd: repoRoot }).catch(() => undefined)
    rmSync(tree, { recursive: true, force: true })
  }
  return serve(commit, outDir, port)
}
