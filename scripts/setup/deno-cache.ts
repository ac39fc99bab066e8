// Fills the project's Deno cache with every npm package the edge functions (and their tests) import, checked against
// supabase/functions/deno.lock, so a function's first call needs no network. Runs as npm's postinstall, before
// `npm start` and in `npm test`. `npm run functions:lock` records a changed dependency in the lockfile.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { denoCacheDir, resolveDenoBinary } from '../local-stack/functions/deno.ts'
import { supabaseDir } from '../local-stack/paths.ts'

export interface DenoCacheOptions {
  functionsDir?: string
  denoDir?: string
  /** Write what changed into deno.lock instead of failing on a dependency the lock does not record. */
  updateLock?: boolean
  /** Extra variables for Deno (the tests point it at an unreachable proxy). */
  env?: Record<string, string>
}

/** Every module under the functions folder: the functions, _shared and the unit tests. */
export function functionModules(functionsDir: string): string[] {
  if (!existsSync(functionsDir)) return []
  return readdirSync(functionsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .sort()
}

/** `deno install --entrypoint` over every module; resolves with Deno's output, rejects with it on failure. */
export async function prepareFunctionDeps(options: DenoCacheOptions = {}): Promise<string> {
  const functionsDir = options.functionsDir ?? path.join(supabaseDir, 'functions')
  const modules = functionModules(functionsDir)
  if (modules.length === 0) return 'no edge functions'
  const args = [
    'install',
    // Packages go to DENO_DIR, as the edge runtime keeps them, not into the repo's node_modules.
    '--node-modules-dir=none',
    ...(options.updateLock ? ['--frozen=false'] : []),
    '--entrypoint',
    ...modules,
  ]
  const env = {
    ...process.env,
    DENO_DIR: options.denoDir ?? denoCacheDir,
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
    ...options.env,
  }
  const child = spawn(resolveDenoBinary(), args, { cwd: functionsDir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const code = await new Promise<number>((resolve) => {
    child.once('error', (error) => {
      output += error.message
      resolve(127)
    })
    child.once('close', (status) => resolve(status ?? 1))
  })
  if (code !== 0) throw new Error(`Caching the edge functions' dependencies failed (deno ${code}):\n${output.trim()}`)
  return output.trim()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const updateLock = process.argv.includes('--update-lock')
  const started = performance.now()
  try {
    await prepareFunctionDeps({ updateLock })
    const ms = Math.round(performance.now() - started)
    process.stdout.write(
      `Edge functions: dependencies cached in ${path.relative(process.cwd(), denoCacheDir)} (${ms} ms)\n`,
    )
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    if (updateLock) process.exitCode = 1
    // An install must not fail for this: the functions then fetch their packages on first call, as before.
    else process.stderr.write('Functions will download their npm packages on first call (needs network).\n')
  }
}
