// How one function's Deno process is started: the binary of the npm `deno` package, the config or import map the
// CLI would pick for the function, the permissions of a user worker, and an environment that carries the
// platform's variables plus supabase/functions/.env and nothing else of ours beyond what Deno itself needs.
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { repoRoot, stackDir } from '../paths.ts'

/**
 * The project's Deno cache (npm packages, transpiled modules), git-ignored and kept across runs and `npm ci`:
 * `npm install` fills it for supabase/functions (scripts/setup/deno-cache.ts), so functions start offline.
 */
export const denoCacheDir = path.join(stackDir, 'deno')

export const workerMain = path.join(import.meta.dirname, 'worker-main.ts')

/** The real executable: the package's postinstall links it into node_modules/deno, else the platform package. */
export function resolveDenoBinary(): string {
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno'
  const modules = path.join(repoRoot, 'node_modules')
  const platform = `${process.platform}-${process.arch}`
  const candidates = [
    path.join(modules, 'deno', exe),
    path.join(modules, '@deno', `${platform}-glibc`, exe),
    path.join(modules, '@deno', platform, exe),
  ]
  const found = candidates.find((file) => existsSync(file))
  if (!found)
    throw new Error(`No Deno binary under node_modules (looked for ${candidates.join(', ')}); run npm install`)
  return found
}

/**
 * The CLI's precedence: the function's deno.json(c), its import_map.json, the shared
 * supabase/functions/import_map.json. Failing those, supabase/functions/deno.json, which Deno would find itself.
 */
export function configFlags(functionsDir: string, name: string): string[] {
  const own = (file: string) => path.join(functionsDir, name, file)
  for (const file of [own('deno.json'), own('deno.jsonc')]) if (existsSync(file)) return [`--config=${file}`]
  for (const file of [own('import_map.json'), path.join(functionsDir, 'import_map.json')]) {
    if (existsSync(file)) return ['--no-config', `--import-map=${file}`]
  }
  for (const file of ['deno.json', 'deno.jsonc'].map((f) => path.join(functionsDir, f))) {
    if (existsSync(file)) return [`--config=${file}`]
  }
  return ['--no-config']
}

export function denoArgs(functionsDir: string, name: string, hiddenEnv: string[]): string[] {
  return [
    'run',
    ...configFlags(functionsDir, name),
    // npm: packages come from DENO_DIR, as in the edge runtime, never from the repo's node_modules (which Deno
    // would otherwise pick up from the root package.json). The config's lockfile (supabase/functions/deno.lock,
    // frozen: never written) pins every package, so a cache the install step filled needs no registry at all.
    '--node-modules-dir=none',
    '--no-prompt',
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--allow-sys',
    `--allow-write=${os.tmpdir()}`,
    workerMain,
    pathToFileURL(path.join(functionsDir, name, 'index.ts')).href,
    name,
    hiddenEnv.join(','),
  ]
}

/** How this machine reaches the network: proxies and extra certificate authorities (Deno reads NODE_EXTRA_CA_CERTS). */
export const networkVariables = [
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
]

/**
 * What Deno itself needs to run and to fetch npm packages. `hidden` lists the names the bootstrap removes before
 * the function loads (Deno has read them by then), as the edge runtime keeps HOME and PATH from its workers.
 */
export function runtimeEnv(denoDir: string): { env: Record<string, string>; hidden: string[] } {
  const env: Record<string, string> = {
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
  }
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT', 'USERPROFILE']) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  // npm sets npm_config_registry for the scripts it runs; Deno reads the upper-case name.
  const registry = process.env.NPM_CONFIG_REGISTRY ?? process.env.npm_config_registry
  if (registry) env.NPM_CONFIG_REGISTRY = registry
  const hidden = Object.keys(env)
  // These stay visible: the function's own fetch needs them as much as Deno's npm client does.
  for (const name of networkVariables) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  return { env, hidden }
}
