// Which functions exist, and whether a function's sources changed since its worker started: the folder layout the
// CLI serves (`<name>/index.ts`, names like `^[A-Za-z][A-Za-z0-9_-]*$`, so `_shared` is never a function) and a
// fingerprint of what a worker depends on — its own folder, `_shared`, and the top-level files (.env, deno.json,
// import_map.json). Walked asynchronously, at most once per interval per function: no watcher to miss an edit.
import { readdir, stat } from 'node:fs/promises'
import type { Dirent } from 'node:fs'
import path from 'node:path'

const slugPattern = /^[A-Za-z][A-Za-z0-9_-]*$/

/** How stale a check may be: an edit is seen by every request that starts this long after it. */
export const sourcesRecheckMs = 250

/** Checks of functions that no longer exist, or never did, are forgotten past this many. */
const maxTracked = 256

export interface FunctionSources {
  /** Whether `<name>/index.ts` is a file. */
  exists: boolean
  /** Paths, sizes and modification times of every file a worker of the function may load. */
  fingerprint: string
}

export function isFunctionName(name: string): boolean {
  return slugPattern.test(name)
}

/**
 * Returns the check of one function's sources. Requests within `intervalMs` of a check share it, so a burst costs
 * one walk; a function's checks run one after another, so they settle in the order they started and a slow, older
 * walk never overrides a newer one.
 */
export function trackSources(
  functionsDir: string,
  intervalMs = sourcesRecheckMs,
): (name: string) => Promise<FunctionSources> {
  const checks = new Map<string, { startedAt: number; result: Promise<FunctionSources> }>()
  return (name) => {
    const now = performance.now()
    const last = checks.get(name)
    if (last && now - last.startedAt < intervalMs) return last.result
    const result = (last?.result ?? Promise.resolve()).then(() => readSources(functionsDir, name))
    // Re-inserted, so the Map's first key is always the oldest check.
    checks.delete(name)
    checks.set(name, { startedAt: now, result })
    if (checks.size > maxTracked) checks.delete(checks.keys().next().value as string)
    return result
  }
}

async function readSources(functionsDir: string, name: string): Promise<FunctionSources> {
  const top = (await readdirOrEmpty(functionsDir)).filter((entry) => entry.isFile())
  const [entry, topFiles, own, shared] = await Promise.all([
    statOrUndefined(path.join(functionsDir, name, 'index.ts')),
    Promise.all(top.map((file) => describe(path.join(functionsDir, file.name)))),
    walk(path.join(functionsDir, name)),
    walk(path.join(functionsDir, '_shared')),
  ])
  return { exists: entry?.isFile() ?? false, fingerprint: [...topFiles, ...own, ...shared].join('\n') }
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdirOrEmpty(dir)
  const parts = await Promise.all(
    entries.map(async (entry): Promise<string[]> => {
      const full = path.join(dir, entry.name)
      if (!entry.isDirectory()) return [await describe(full)]
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : walk(full)
    }),
  )
  return parts.flat()
}

async function describe(file: string): Promise<string> {
  const stats = await statOrUndefined(file)
  return stats ? `${file}\t${stats.size}\t${stats.mtimeMs}` : `${file}\tgone`
}

async function readdirOrEmpty(dir: string): Promise<Dirent[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))
  } catch {
    return []
  }
}

function statOrUndefined(file: string) {
  return stat(file).catch(() => undefined)
}
