// The demo accounts of supabase/seed.sql, their TOTP secrets, and its demo invite links and access codes, read from its
// `-- demo-login:`, `-- demo-totp:`, `-- demo-invite:` and `-- demo-code:` lines so that the seed stays the only place
// they are written down.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { supabaseDir } from './paths.ts'

export interface DemoLogin {
  email: string
  password: string
  who: string
}

/** `-- demo-totp: <email> / <BASE32SECRET> (what it is)`: a demo account's verified authenticator-app factor. */
export interface DemoTotp {
  email: string
  secret: string
  /** The otpauth:// URI an authenticator app imports (RFC 6238: SHA-1, 6 digits, 30 s, as Supabase Auth uses). */
  uri: string
  what: string
}

/** `-- demo-invite: /invite/<token> (what it is)`: a path of the web app. */
export interface DemoInvite {
  path: string
  what: string
}

/** `-- demo-code: <course slug> / <CODE> (what it is)`. */
export interface DemoCode {
  slug: string
  code: string
  what: string
}

function seedLines(seedFile: string): string[] {
  return existsSync(seedFile) ? readFileSync(seedFile, 'utf8').split('\n') : []
}

const defaultSeed = () => path.join(supabaseDir, 'seed.sql')

export function demoLogins(seedFile = defaultSeed()): DemoLogin[] {
  const logins: DemoLogin[] = []
  for (const line of seedLines(seedFile)) {
    const match = /^--\s*demo-login:\s*(\S+)\s*\/\s*(\S+)\s*\/\s*(.+)$/.exec(line)
    if (match) logins.push({ email: match[1]!, password: match[2]!, who: match[3]!.trim() })
  }
  return logins
}

/** The otpauth:// key URI of a TOTP secret, in the form Supabase Auth shows at enrolment (pquerna/otp's key URL). */
export function otpauthUri(account: string, secret: string, issuer = 'Summit'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account).replace(/%40/g, '@')}`
  const query = new URLSearchParams({ algorithm: 'SHA1', digits: '6', issuer, period: '30', secret })
  return `otpauth://totp/${label}?${query.toString()}`
}

export function demoTotps(seedFile = defaultSeed()): DemoTotp[] {
  const totps: DemoTotp[] = []
  for (const line of seedLines(seedFile)) {
    const match = /^--\s*demo-totp:\s*(\S+)\s*\/\s*([A-Z2-7]+)\s*(?:\((.*)\))?\s*$/.exec(line)
    if (match) {
      const [, email, secret, what] = match
      totps.push({ email: email!, secret: secret!, uri: otpauthUri(email!, secret!), what: what?.trim() ?? '' })
    }
  }
  return totps
}

export function demoInvites(seedFile = defaultSeed()): DemoInvite[] {
  const invites: DemoInvite[] = []
  for (const line of seedLines(seedFile)) {
    const match = /^--\s*demo-invite:\s*(\/\S+)\s*(?:\((.*)\))?\s*$/.exec(line)
    if (match) invites.push({ path: match[1]!, what: match[2]?.trim() ?? '' })
  }
  return invites
}

export function demoCodes(seedFile = defaultSeed()): DemoCode[] {
  const codes: DemoCode[] = []
  for (const line of seedLines(seedFile)) {
    const match = /^--\s*demo-code:\s*(\S+)\s*\/\s*(\S+)\s*(?:\((.*)\))?\s*$/.exec(line)
    if (match) codes.push({ slug: match[1]!, code: match[2]!, what: match[3]?.trim() ?? '' })
  }
  return codes
}
