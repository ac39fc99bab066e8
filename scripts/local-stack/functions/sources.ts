// Which functions exist, and whether a function's sources changed since its worker started: the folder layout the
// CLI serves (`<name>/index.ts`, names like `^[A-Za-z][A-Za-z0-9_-]*$`, so `_shared` is never a function) and a
// fingerprint of what a worker depends on — its own folder, `_shared`, and the top-level files (.env, deno.json,
// import_map.json). Checked on every request, so an edit is live on the very next call: no watcher to miss it.
import { readdirSync, statSync, type Stats } from 'node:fs'
import path from 'node:path'

const slugPattern = /^[A-Za-z][A-Za-z0-9_-]*$/

export function isFunctionName(name: string): boolean {
  return slugPattern.test(name)
}

export function hasEntrypoint(functionsDir: string, name: string): boolean {
  return statOrUndefined(path.join(functionsDir, name, 'index.ts'))?.isFile() ?? false
}

/** Paths, sizes and modification times of every file a worker of `name` may load. */
export function fingerprint(functionsDir: string, name: string): string {
  const entries: string[] = []
  for (const entry of readdirOrEmpty(functionsDir)) {
    if (entry.isFile()) entries.push(describe(path.join(functionsDir, entry.name)))
  }
  walk(path.join(functionsDir, name), entries)
  walk(path.join(functionsDir, '_shared'), entries)
  return entries.join('\n')
}

function walk(dir: string, into: string[]): void {
  for (const entry of readdirOrEmpty(dir)) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full, into)
    } else {
      into.push(describe(full))
    }
  }
}

function describe(file: string): string {
  const stats = statOrUndefined(file)
  return stats ? `${file}\t${stats.size}\t${stats.mtimeMs}` : `${file}\tgone`
}

function readdirOrEmpty(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))
  } catch {
    return []
  }
}

function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file)
  } catch {
    return undefined
  }
}
