// Where the local stack keeps things: the repo's supabase/ folder it reads, and the git-ignored .local-stack/ folder
// it writes (database clusters, logs, the state of a running stack).
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const supabaseDir = path.join(repoRoot, 'supabase')
export const stackDir = path.join(repoRoot, '.local-stack')
export const stateFile = path.join(stackDir, 'state.json')

/** A profile is one independent database cluster: `dev` for `npm start`, `test` for `npm test`. */
export type Profile = 'dev' | 'test'

export function profileDir(profile: Profile): string {
  return path.join(stackDir, profile)
}
