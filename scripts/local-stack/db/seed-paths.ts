// The seed files a `[db.seed] sql_paths` list names, expanded as the Supabase CLI expands it: each entry is a path
// relative to supabase/ or a glob ("./seeds/*.sql"); matches are deduplicated and a glob's matches sorted by name.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

/** `*` and `?` within one path segment, as filepath.Glob reads them; no `**`. */
function segmentPattern(segment: string): RegExp {
  const escaped = segment
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]')
  return new RegExp(`^${escaped}$`)
}

function expandOne(base: string, segments: string[]): string[] {
  if (segments.length === 0) return existsSync(base) ? [base] : []
  const [head, ...rest] = segments as [string, ...string[]]
  if (!/[*?]/.test(head)) return expandOne(path.join(base, head), rest)
  if (!existsSync(base)) return []
  const pattern = segmentPattern(head)
  return readdirSync(base)
    .filter((name) => pattern.test(name))
    .sort()
    .flatMap((name) => expandOne(path.join(base, name), rest))
}

/** Absolute paths of the existing seed files, in the order the CLI runs them. */
export function expandSeedPaths(supabaseDir: string, patterns: readonly string[]): string[] {
  const files: string[] = []
  for (const pattern of patterns) {
    const segments = path
      .normalize(pattern)
      .split(path.sep)
      .filter((s) => s !== '' && s !== '.')
    for (const file of expandOne(supabaseDir, segments)) if (!files.includes(file)) files.push(file)
  }
  return files
}
