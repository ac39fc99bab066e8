// The demo accounts of supabase/seed.sql, read from its `-- demo-login:` lines so that the seed stays the only place
// they are written down.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { supabaseDir } from './paths.ts'

export interface DemoLogin {
  email: string
  password: string
  who: string
}

export function demoLogins(seedFile = path.join(supabaseDir, 'seed.sql')): DemoLogin[] {
  if (!existsSync(seedFile)) return []
  const logins: DemoLogin[] = []
  for (const line of readFileSync(seedFile, 'utf8').split('\n')) {
    const match = /^--\s*demo-login:\s*(\S+)\s*\/\s*(\S+)\s*\/\s*(.+)$/.exec(line)
    if (match) logins.push({ email: match[1]!, password: match[2]!, who: match[3]!.trim() })
  }
  return logins
}
