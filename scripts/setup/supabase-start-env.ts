// Turns `supabase status -o json` (a running `supabase start`) into the variables the product's tests and the web
// build read, one NAME=value a line, for GitHub's $GITHUB_ENV or a shell:
//   npx supabase status -o json | npx tsx scripts/setup/supabase-start-env.ts >> "$GITHUB_ENV"
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

type Status = Record<string, unknown>

// Each variable with the status keys that carry it, newest CLI spelling first (older CLIs print only the legacy
// JWT keys and call the inbox Inbucket).
const sources: Record<string, string[]> = {
  SUMMIT_TEST_API_URL: ['API_URL'],
  SUMMIT_TEST_DB_URL: ['DB_URL'],
  SUMMIT_TEST_PUBLISHABLE_KEY: ['PUBLISHABLE_KEY', 'ANON_KEY'],
  SUMMIT_TEST_SECRET_KEY: ['SECRET_KEY', 'SERVICE_ROLE_KEY'],
  SUMMIT_TEST_INBOX_URL: ['MAILPIT_URL', 'INBUCKET_URL'],
  VITE_SUPABASE_URL: ['API_URL'],
  VITE_SUPABASE_PUBLISHABLE_KEY: ['PUBLISHABLE_KEY', 'ANON_KEY'],
}

/** The NAME=value lines for a status object; throws naming every variable the status cannot supply. */
export function testEnvironment(status: Status): string[] {
  const lines: string[] = []
  const missing: string[] = []
  for (const [name, keys] of Object.entries(sources)) {
    const value = keys.map((key) => status[key]).find((v): v is string => typeof v === 'string' && v !== '')
    if (value === undefined) missing.push(`${name} (from ${keys.join(' or ')})`)
    else lines.push(`${name}=${value}`)
  }
  if (missing.length > 0) throw new Error(`supabase status lacks ${missing.join(', ')}`)
  return lines
}

/** The JSON object in the CLI's output, which may carry notices around it. */
export function parseStatus(output: string): Status {
  const start = output.indexOf('{')
  const end = output.lastIndexOf('}')
  if (start < 0 || end < start) throw new Error(`no JSON in supabase status output:\n${output}`)
  return JSON.parse(output.slice(start, end + 1)) as Status
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${testEnvironment(parseStatus(readFileSync(0, 'utf8'))).join('\n')}\n`)
}
