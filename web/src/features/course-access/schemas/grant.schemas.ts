// Forms for new invite links and access codes. The sentences are the database's own (private.grant_fields and
// create_course_invite), so a check that slips past the form reads the same when the database refuses it. Values
// are what the inputs hold (strings); the schemas turn them into the calls' arguments.
import * as z from 'zod/mini'
import { fromLocalInput } from '../lib/date-time'

export const grantMessages = {
  expiryRequired: 'Choose when the link expires.',
  expiryPast: 'The expiry must be in the future.',
  expiryTooFar: 'The expiry can be at most a year from now.',
  maxUses: 'Allow from 1 to 100,000 uses.',
  tooManyDomains: 'Allow at most 20 email domains.',
  domainFormat: 'Enter domains like example.com, without the part before @.',
  cohort: 'Choose a cohort of this course.',
} as const

const domainPattern = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/

/** Domains as people type them (" @Example.COM, b.org"): lowercase, without a leading @, each once. */
export function parseDomains(value: string): string[] {
  const domains = value
    .split(/[\s,;]+/)
    .map((d) => d.trim().replace(/^@+/, '').toLowerCase())
    .filter((d) => d !== '')
  return [...new Set(domains)].sort()
}

// Each field is a transform from the input's string; zod/mini hands a transform the bare parse payload (no
// addIssue), so a refusal goes straight on its issue list.
function expiry(required: boolean) {
  return z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      if (value.trim() === '') {
        if (required) ctx.issues.push({ code: 'custom', input: value, message: grantMessages.expiryRequired })
        return null
      }
      const iso = fromLocalInput(value)
      const at = iso ? new Date(iso).getTime() : NaN
      if (Number.isNaN(at)) ctx.issues.push({ code: 'custom', input: value, message: grantMessages.expiryRequired })
      else if (at <= Date.now()) ctx.issues.push({ code: 'custom', input: value, message: grantMessages.expiryPast })
      else if (at > Date.now() + 366 * 86_400_000) {
        ctx.issues.push({ code: 'custom', input: value, message: grantMessages.expiryTooFar })
      }
      return iso
    }),
  )
}

function maxUses(required: boolean) {
  return z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      if (value.trim() === '' && !required) return null
      const n = Number(value)
      if (!Number.isInteger(n) || n < 1 || n > 100_000) {
        ctx.issues.push({ code: 'custom', input: value, message: grantMessages.maxUses })
      }
      return n
    }),
  )
}

const cohortId = z.pipe(
  z.string(),
  z.transform((value) => (value === '' ? null : value)),
)

export const inviteFormSchema = z.object({
  expiresAt: expiry(true),
  // Never null when required; the fallback only narrows the type.
  maxUses: z.pipe(
    maxUses(true),
    z.transform((n) => n ?? 1),
  ),
  domains: z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const domains = parseDomains(value)
      if (domains.length > 20) ctx.issues.push({ code: 'custom', input: value, message: grantMessages.tooManyDomains })
      else if (domains.some((d) => !domainPattern.test(d) || d.length > 253)) {
        ctx.issues.push({ code: 'custom', input: value, message: grantMessages.domainFormat })
      }
      return domains.length > 0 ? domains : null
    }),
  ),
  cohortId,
})
export type InviteFormInput = z.input<typeof inviteFormSchema>
export type InviteFormValues = z.output<typeof inviteFormSchema>

export const accessCodeFormSchema = z.object({
  expiresAt: expiry(false),
  maxUses: maxUses(false),
  cohortId,
})
export type AccessCodeFormInput = z.input<typeof accessCodeFormSchema>
export type AccessCodeFormValues = z.output<typeof accessCodeFormSchema>
