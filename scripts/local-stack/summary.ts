// What `npm start` prints once the stack is up: where things are, the local keys, the demo logins, and the demo
// invite link and access code for joining the invite-only and access-code courses.
import path from 'node:path'
import type { StackConfig } from './config/index.ts'
import { demoCodes, demoInvites, demoLogins, demoTotps } from './demo-logins.ts'
import { mountPrefixes, type ServiceName } from './gateway/index.ts'
import { anonKey, jwtSecret, publishableKey, secretKey, serviceRoleKey } from './keys/index.ts'
import { s3AccessKeyId, s3Region, s3SecretAccessKey } from './storage/index.ts'
import { bold, dim } from './log.ts'

export interface SummaryUrls {
  db: string
  web?: string
  /** The gateway, when it runs: its URL, the services behind it and where its request log goes. */
  api?: {
    url: string
    services: ServiceName[]
    logFile: string
    verbose: boolean
    inboxUrl?: string
    inboxSmtp?: { host: string; port: number }
  }
}

const serviceLabels: [ServiceName, string][] = [
  ['rest', 'REST URL'],
  ['auth', 'Auth URL'],
  ['storage', 'Storage URL'],
  ['functions', 'Functions URL'],
  ['realtime', 'Realtime URL'],
]

function apiRows(api: NonNullable<SummaryUrls['api']>, s3: boolean): [string, string][] {
  const rows: [string, string][] = [['API URL', api.url]]
  for (const [name, label] of serviceLabels) {
    if (!api.services.includes(name)) continue
    const url = `${api.url}${mountPrefixes[name]}`
    rows.push([label, name === 'realtime' ? `${url.replace(/^http/, 'ws')}/websocket` : url])
    if (name === 'storage' && s3) rows.push(['S3 Storage URL', `${url}/s3`])
  }
  if (api.inboxUrl) rows.push(['Inbox (email)', api.inboxUrl])
  if (api.inboxSmtp) rows.push(['Inbox SMTP', `${api.inboxSmtp.host}:${api.inboxSmtp.port}`])
  return rows
}

export function printSummary(config: StackConfig, urls: SummaryUrls): void {
  // As `supabase status`: the S3 endpoint and its keys when Storage runs with [storage.s3_protocol] enabled.
  const s3 = !!urls.api?.services.includes('storage') && config.storage.s3Protocol !== false
  const rows: [string, string][] = [
    ...(urls.web ? ([['App', urls.web]] as [string, string][]) : []),
    ...(urls.api ? apiRows(urls.api, s3) : []),
    ['Database URL', urls.db],
    ['Publishable key', publishableKey],
    ['Secret key', secretKey],
    ['anon key', anonKey],
    ['service_role key', serviceRoleKey],
    ['JWT secret', jwtSecret],
    ...(s3
      ? ([
          ['S3 Access Key', s3AccessKeyId],
          ['S3 Secret Key', s3SecretAccessKey],
          ['S3 Region', s3Region],
        ] as [string, string][])
      : []),
  ]
  const width = Math.max(...rows.map(([label]) => label.length))
  process.stdout.write('\n')
  for (const [label, value] of rows) process.stdout.write(`  ${bold(label.padEnd(width))}  ${value}\n`)
  if (urls.api) {
    const missing = serviceLabels.map(([name]) => name).filter((name) => !urls.api!.services.includes(name))
    if (missing.length > 0) {
      process.stdout.write(`  ${dim(`Not in the local stack yet (their routes answer 503): ${missing.join(', ')}`)}\n`)
    }
    const where = path.relative(process.cwd(), urls.api.logFile) || urls.api.logFile
    const echo = urls.api.verbose ? 'and here' : '--verbose shows them here too'
    process.stdout.write(`  ${dim(`API requests are logged to ${where} (${echo})`)}\n`)
  }
  const logins = demoLogins()
  if (logins.length > 0) {
    process.stdout.write(`\n  ${bold('Demo logins')}\n`)
    const emailWidth = Math.max(...logins.map((l) => l.email.length))
    for (const login of logins) {
      process.stdout.write(`    ${login.email.padEnd(emailWidth)}  ${login.password}  ${dim(login.who)}\n`)
    }
  }
  printDemoTotps()
  printDemoEnrollment(urls.web)
  process.stdout.write(
    `\n  ${dim(`Project ${config.projectId}. Ctrl-C stops everything; data is kept for the next start.`)}\n`,
  )
}

/** The demo accounts with an authenticator app: the secret (and its otpauth:// URI) gives their 6-digit codes. */
function printDemoTotps(): void {
  const totps = demoTotps()
  if (totps.length === 0) return
  process.stdout.write(
    `\n  ${bold('Two-factor sign-in')}  ${dim('add the secret to an authenticator app for the codes')}\n`,
  )
  for (const totp of totps) {
    process.stdout.write(`    ${totp.email}  TOTP secret ${totp.secret}\n      ${dim(totp.uri)}\n`)
  }
}

/** The seed's invite links (as full URLs when the app runs) and access codes, to join the closed demo courses. */
function printDemoEnrollment(web: string | undefined): void {
  const invites = demoInvites()
  const codes = demoCodes()
  if (invites.length === 0 && codes.length === 0) return
  process.stdout.write(`\n  ${bold('Demo enrollment')}\n`)
  for (const invite of invites) {
    const link = web ? new URL(invite.path, web).toString() : invite.path
    process.stdout.write(`    invite link  ${link}  ${dim(invite.what)}\n`)
  }
  for (const code of codes) {
    process.stdout.write(`    access code  ${code.code} on /courses/${code.slug}  ${dim(code.what)}\n`)
  }
}
