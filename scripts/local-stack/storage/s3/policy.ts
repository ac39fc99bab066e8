// The policy document of a browser POST upload, checked as storage-api checks it: base64 JSON with an `expiration`
// (required, not past) and `conditions` — `{"field": "value"}`, `["eq", "$field", value]`,
// `["starts-with", "$field", prefix]`, `["content-length-range", min, max]` (recognised, not enforced, as in
// storage-api) — that every submitted field but the signature's own must be covered by and satisfy.
import { s3Errors } from './errors.ts'

export interface PostPolicy {
  expiration?: unknown
  conditions?: unknown
}

/** Fields a policy need not mention: the signature's own, and AWS's `x-ignore-` escape hatch. */
const exempt = new Set([
  'policy',
  'x-amz-signature',
  'x-amz-algorithm',
  'x-amz-credential',
  'x-amz-date',
  'x-amz-security-token',
])

export function parsePolicy(encoded: string): PostPolicy {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))
    if (!value || typeof value !== 'object') throw new Error('not an object')
    return value as PostPolicy
  } catch {
    throw s3Errors.invalidSignature('Invalid POST policy')
  }
}

export function mustNotBeExpired(expiration: unknown): void {
  if (!expiration) throw s3Errors.invalidSignature('Missing policy expiration')
  const at = typeof expiration === 'string' ? Date.parse(expiration) : Number.NaN
  if (Number.isNaN(at)) throw s3Errors.invalidSignature('Invalid policy expiration')
  if (at < Date.now()) throw s3Errors.expiredSignature()
}

/** The field a condition constrains (lower-cased), after checking the submitted value satisfies it. */
function check(condition: unknown, fields: Record<string, string>): string | undefined {
  if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
    const entries = Object.entries(condition as Record<string, unknown>)
    if (entries.length !== 1) throw s3Errors.invalidSignature('Invalid policy condition')
    const [name, value] = entries[0]!
    const field = name.toLowerCase()
    if (fields[field] === undefined || fields[field] !== String(value)) {
      throw s3Errors.accessDenied(`Policy condition failed: "${field}" does not match`)
    }
    return field
  }
  if (Array.isArray(condition)) {
    const [operator, target, value] = condition as unknown[]
    if (operator === 'content-length-range') return undefined
    if ((operator === 'eq' || operator === 'starts-with') && typeof target === 'string') {
      if (!target.startsWith('$')) throw s3Errors.invalidSignature('Invalid policy condition')
      const field = target.slice(1).toLowerCase()
      const actual = fields[field]
      if (operator === 'eq' && (actual === undefined || actual !== String(value))) {
        throw s3Errors.accessDenied(`Policy condition failed: "${field}" does not match`)
      }
      if (operator === 'starts-with' && (actual === undefined || !actual.startsWith(String(value ?? '')))) {
        throw s3Errors.accessDenied(`Policy condition failed: "${field}" does not start with "${String(value)}"`)
      }
      return field
    }
  }
  throw s3Errors.invalidSignature('Unsupported policy condition')
}

/** Every condition holds, and every submitted field (the bucket from the path among them) is covered by one. */
export function mustSatisfyPolicy(policy: PostPolicy, submitted: Record<string, string>, bucket: string): void {
  if (!Array.isArray(policy.conditions)) throw s3Errors.invalidSignature('Invalid policy conditions')
  const fields = { ...submitted, bucket }
  const covered = new Set<string>()
  for (const condition of policy.conditions as unknown[]) {
    const field = check(condition, fields)
    if (field) covered.add(field)
  }
  for (const field of Object.keys(fields)) {
    if (exempt.has(field) || field.startsWith('x-ignore-') || covered.has(field)) continue
    throw s3Errors.accessDenied(`Policy condition failed: field "${field}" is not covered by the policy`)
  }
}
