// Lockfile check for `npm test`: every per-platform binary that a dependency publishes as an optional dependency
// (deno, the Supabase CLI, esbuild, rolldown, …) must be recorded in package-lock.json. npm records only the ones it
// could resolve when the lock was written, and `npm ci` on another OS or CPU then refuses the lock or lacks a binary.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../local-stack/paths.ts'

interface LockEntry {
  version?: string
  os?: string[]
  cpu?: string[]
  optionalDependencies?: Record<string, string>
}

export interface Lockfile {
  packages: Record<string, LockEntry>
}

// Operating systems as npm (process.platform) and the packages' own names spell them ("windows" in the Supabase
// CLI's, "wasm32" for the WebAssembly fallbacks that stand in for a platform).
const platformName =
  /(^|[-/_])(darwin|macos|linux|win32|windows|freebsd|openbsd|netbsd|sunos|aix|android|openharmony|wasm32)([-_]|$)/

/** Whether a package name is one of a per-platform family, as in `@deno/darwin-arm64` or `lightningcss-linux-x64-gnu`. */
export function looksPerPlatform(name: string): boolean {
  return platformName.test(name)
}

/** Where npm would find `name` when `from` (a lock key such as `node_modules/a/node_modules/b`) requires it. */
function resolve(lock: Lockfile, from: string, name: string): LockEntry | undefined {
  let dir = from
  for (;;) {
    const key = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`
    const entry = lock.packages[key]
    if (entry) return entry
    if (dir === '') return undefined
    const cut = dir.lastIndexOf('node_modules/')
    dir = cut <= 0 ? '' : dir.slice(0, cut - 1)
  }
}

const exactVersion = /^\d+\.\d+\.\d+(-[\w.]+)?$/

/**
 * The per-platform optional dependencies the lock lacks (or records at another version than a pinned one), each as
 * "parent → name@spec". A package counts as shipping per-platform binaries when one of its optional dependencies
 * carries `os`/`cpu` in the lock or is named after a platform.
 */
export function missingPlatformPackages(lock: Lockfile): string[] {
  const problems: string[] = []
  for (const [key, entry] of Object.entries(lock.packages)) {
    const optional = Object.entries(entry.optionalDependencies ?? {})
    const platformDeps = optional.filter(([name]) => {
      const found = resolve(lock, key, name)
      return looksPerPlatform(name) || Boolean(found?.os ?? found?.cpu)
    })
    if (platformDeps.length === 0) continue
    const parent = key === '' ? 'the root package' : key.replace(/^.*node_modules\//, '')
    for (const [name, spec] of platformDeps) {
      const found = resolve(lock, key, name)
      if (!found) problems.push(`${parent} → ${name}@${spec} is not in the lockfile`)
      else if (exactVersion.test(spec) && found.version !== spec)
        problems.push(`${parent} → ${name}@${spec} is locked at ${found.version ?? 'no version'}`)
    }
  }
  return problems
}

export function readLockfile(file = path.join(repoRoot, 'package-lock.json')): Lockfile {
  return JSON.parse(readFileSync(file, 'utf8')) as Lockfile
}

/** The check as `npm test` runs it: one sentence per missing binary, none when the lock is complete. */
export function lockfileProblems(file?: string): string[] {
  return missingPlatformPackages(readLockfile(file)).map(
    // npm keeps a lock entry it finds satisfied, so a missing binary is only resolved again once the entries of the
    // direct dependency that brings it are gone.
    (problem) => `${problem}: delete the lock entries of the dependency that brings it, then npm install`,
  )
}
