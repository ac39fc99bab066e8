// Import-map check for `npm test`: `supabase functions deploy` gives each function its own
// supabase/functions/<name>/deno.json as the one import map of everything it bundles (index.ts, the _shared files and
// other functions' files it imports), and never reads the workspace root. So each function's deno.json must resolve
// that whole graph on its own, and should list nothing the graph does not use. Each function is resolved and
// type-checked as deploy would see it: `--no-config --import-map=<name>/deno.json`, with the frozen deno.lock.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { resolveDenoBinary } from '../local-stack/functions/deno.ts'
import { run } from '../test-suites/run.ts'

export interface ImportMapCheckOptions {
  functionsDir: string
  denoDir: string
  /** Skip `deno check` (resolution and the listed imports are still checked). */
  skipTypeCheck?: boolean
}

interface InfoDependency {
  specifier: string
  code?: { specifier?: string; error?: string }
  type?: { specifier?: string; error?: string }
}

interface DenoInfo {
  modules: { specifier: string; error?: string; dependencies?: InfoDependency[] }[]
}

/** The folders `supabase functions deploy` deploys: `<name>/index.ts`, with a name the CLI accepts. */
export function functionNames(functionsDir: string): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[A-Za-z][A-Za-z0-9_-]*$/.test(entry.name))
    .filter((entry) => existsSync(path.join(functionsDir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort()
}

/** A specifier that only an import map can resolve (not relative, absolute, a URL, or a scheme such as npm:). */
export function isBare(specifier: string): boolean {
  return !/^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier)
}

/**
 * The bare specifiers a graph uses (imports and `@ts-types` directives), and what did not resolve. Deno reports an
 * unmapped specifier as an error on the importing module's dependency.
 */
export function graphImports(info: DenoInfo): { used: Set<string>; errors: string[] } {
  const used = new Set<string>()
  const errors: string[] = []
  for (const module of info.modules) {
    if (module.error) errors.push(module.error)
    for (const dependency of module.dependencies ?? []) {
      if (isBare(dependency.specifier)) used.add(dependency.specifier)
      const typeSpecifier = dependency.type?.specifier
      // An @ts-types directive names its own specifier: Deno reports it under `type`, already resolved when mapped.
      if (typeSpecifier && isBare(typeSpecifier)) used.add(typeSpecifier)
      for (const error of [dependency.code?.error, dependency.type?.error]) {
        if (error) errors.push(`${path.basename(new URL(module.specifier).pathname)}: ${error}`)
      }
    }
  }
  return { used, errors }
}

/** The `@ts-types="…"` directives of a module: Deno's info output records them resolved, not as written. */
export function typesDirectives(source: string): string[] {
  return [...source.matchAll(/@ts-types="([^"]+)"/g)].map((match) => match[1]!)
}

/** Deno's error line from its stderr: on a cold cache its "Download …" lines come first. */
function denoError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  return lines.find((line) => /^error:/i.test(line)) ?? lines.at(-1) ?? 'no output'
}

/** `deno info` with its JSON on stdout kept apart from what Deno reports on stderr (downloads, warnings). */
function denoInfo(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      resolveDenoBinary(),
      ['info', ...args],
      { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ ok: !error, stdout, stderr: stderr || (error?.message ?? '') }),
    )
  })
}

/** The function's own modules (its index, its other modules and its tests), as roots of one graph. */
function ownModules(functionsDir: string, name: string): string[] {
  return readdirSync(path.join(functionsDir, name), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(functionsDir, name, file))
    .sort()
}

async function checkFunction(name: string, options: ImportMapCheckOptions, scratch: string): Promise<string[]> {
  const { functionsDir } = options
  const map = path.join(functionsDir, name, 'deno.json')
  if (!existsSync(map)) {
    return [`${name}: no deno.json, so \`supabase functions deploy\` would bundle it without an import map`]
  }
  const listed = Object.keys((JSON.parse(readFileSync(map, 'utf8')) as { imports?: object }).imports ?? {})
  const denoFlags = [
    '--no-config',
    `--import-map=${map}`,
    `--lock=${path.join(functionsDir, 'deno.lock')}`,
    '--frozen',
    '--node-modules-dir=none',
  ]
  const env = { DENO_DIR: options.denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' }
  // One root importing every module of the function: the deployed graph (index.ts) plus its tests, one deno call.
  const modules = ownModules(functionsDir, name)
  const root = path.join(scratch, `${name}.ts`)
  writeFileSync(root, modules.map((file) => `import '${pathToFileURL(file).href}'\n`).join(''))
  const info = await denoInfo(['--json', ...denoFlags, root], functionsDir, env)
  if (!info.ok) return [`${name}: deno info failed: ${denoError(info.stderr)}`]
  const graph = JSON.parse(info.stdout) as DenoInfo
  const { used, errors } = graphImports(graph)
  for (const module of graph.modules.filter((m) => m.specifier.startsWith('file:') && !m.error)) {
    for (const directive of typesDirectives(readFileSync(new URL(module.specifier), 'utf8'))) {
      if (isBare(directive)) used.add(directive)
    }
  }
  const problems = errors.map((error) => `${name}: ${error}`)
  for (const specifier of [...used].sort()) {
    if (!listed.includes(specifier)) problems.push(`${name}/deno.json does not map "${specifier}", which it imports`)
  }
  for (const specifier of listed) {
    if (!used.has(specifier)) problems.push(`${name}/deno.json maps "${specifier}", which nothing it bundles imports`)
  }
  if (problems.length === 0 && !options.skipTypeCheck) {
    // The deployed graph only: the tests are type-checked with the workspace's configs by the suite beside this.
    const entry = path.join(functionsDir, name, 'index.ts')
    const checked = await run(resolveDenoBinary(), ['check', ...denoFlags, entry], {
      cwd: functionsDir,
      env,
      quiet: true,
    })
    if (checked.code !== 0)
      problems.push(`${name}: deno check with its own deno.json failed:\n${checked.output.trim()}`)
  }
  return problems
}

/** Every function's import map checked as deploy uses it; each problem is a sentence, and none means it passed. */
export async function functionImportMapProblems(options: ImportMapCheckOptions): Promise<string[]> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'summit-import-maps-'))
  try {
    // Two at a time: type-checking is mostly one core's work, and a cold check of a function takes seconds.
    const queue = functionNames(options.functionsDir)
    const found = new Map<string, string[]>()
    const worker = async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        found.set(name, await checkFunction(name, options, scratch))
      }
    }
    await Promise.all([worker(), worker()])
    return [...found.keys()].sort().flatMap((name) => found.get(name)!)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
