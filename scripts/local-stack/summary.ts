// What `npm start` prints once the stack is up: where things are, the local keys, and the demo logins.
import type { StackConfig } from './config/index.ts'
import { demoLogins } from './demo-logins.ts'
import { anonKey, jwtSecret, publishableKey, secretKey, serviceRoleKey } from './keys/index.ts'
import { bold, dim } from './log.ts'

export function printSummary(config: StackConfig, urls: { db: string; web?: string }): void {
  const rows: [string, string][] = [
    ...(urls.web ? ([['App', urls.web]] as [string, string][]) : []),
    ['Database URL', urls.db],
    ['Publishable key', publishableKey],
    ['Secret key', secretKey],
    ['anon key', anonKey],
    ['service_role key', serviceRoleKey],
    ['JWT secret', jwtSecret],
  ]
  const width = Math.max(...rows.map(([label]) => label.length))
  process.stdout.write('\n')
  for (const [label, value] of rows) process.stdout.write(`  ${bold(label.padEnd(width))}  ${value}\n`)
  const logins = demoLogins()
  if (logins.length > 0) {
    process.stdout.write(`\n  ${bold('Demo logins')}\n`)
    const emailWidth = Math.max(...logins.map((l) => l.email.length))
    for (const login of logins) {
      process.stdout.write(`    ${login.email.padEnd(emailWidth)}  ${login.password}  ${dim(login.who)}\n`)
    }
  }
  process.stdout.write(
    `\n  ${dim(`Project ${config.projectId}. Ctrl-C stops everything; data is kept for the next start.`)}\n`,
  )
}
