// Invite links and access codes of a course: lists (every column but the hash, which no client may read), and the
// definer calls that create one (its token or code comes back exactly once) and revoke one.
import type { SupabaseClient } from '@/lib/supabase'

export interface Grant {
  id: string
  cohortId: string | null
  expiresAt: string | null
  maxUses: number | null
  uses: number
  revokedAt: string | null
  createdAt: string
}

export interface Invite extends Grant {
  expiresAt: string
  maxUses: number
  allowedEmailDomains: string[] | null
}

export interface InviteInput {
  expiresAt: string | null
  maxUses: number
  domains: string[] | null
  cohortId: string | null
}

export interface AccessCodeInput {
  expiresAt: string | null
  maxUses: number | null
  cohortId: string | null
}

export async function listInvites(client: SupabaseClient, courseId: string): Promise<Invite[]> {
  const { data, error } = await client
    .from('course_invites')
    .select('id, cohort_id, expires_at, max_uses, uses, allowed_email_domains, revoked_at, created_at')
    .eq('course_id', courseId)
    .order('created_at', { ascending: false })
  if (error) throw error
  return data.map((r) => ({
    id: r.id,
    cohortId: r.cohort_id,
    expiresAt: r.expires_at,
    maxUses: r.max_uses,
    uses: r.uses,
    allowedEmailDomains: r.allowed_email_domains,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
  }))
}

export async function listAccessCodes(client: SupabaseClient, courseId: string): Promise<Grant[]> {
  const { data, error } = await client
    .from('access_codes')
    .select('id, cohort_id, expires_at, max_uses, uses, revoked_at, created_at')
    .eq('course_id', courseId)
    .order('created_at', { ascending: false })
  if (error) throw error
  return data.map((r) => ({
    id: r.id,
    cohortId: r.cohort_id,
    expiresAt: r.expires_at,
    maxUses: r.max_uses,
    uses: r.uses,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
  }))
}

function secretFrom(data: unknown, key: 'token' | 'code'): { id: string; secret: string } {
  const answer = (data ?? {}) as Record<string, unknown>
  if (typeof answer.id !== 'string' || typeof answer[key] !== 'string') {
    throw new Error(`The answer had no ${key}.`)
  }
  return { id: answer.id, secret: answer[key] }
}

/** Resolves to the new link's token: shown once, never readable again. */
export async function createInvite(client: SupabaseClient, courseId: string, input: InviteInput) {
  const { data, error } = await client.rpc('create_course_invite', {
    course_id: courseId,
    max_uses: input.maxUses,
    ...(input.expiresAt ? { expires_at: input.expiresAt } : {}),
    ...(input.domains ? { allowed_email_domains: input.domains } : {}),
    ...(input.cohortId ? { cohort_id: input.cohortId } : {}),
  })
  if (error) throw error
  return secretFrom(data, 'token')
}

/** Resolves to the new code (8 characters): shown once, never readable again. */
export async function createAccessCode(client: SupabaseClient, courseId: string, input: AccessCodeInput) {
  const { data, error } = await client.rpc('create_access_code', {
    course_id: courseId,
    ...(input.expiresAt ? { expires_at: input.expiresAt } : {}),
    ...(input.maxUses ? { max_uses: input.maxUses } : {}),
    ...(input.cohortId ? { cohort_id: input.cohortId } : {}),
  })
  if (error) throw error
  return secretFrom(data, 'code')
}

export async function revokeInvite(client: SupabaseClient, inviteId: string) {
  const { error } = await client.rpc('revoke_course_invite', { invite_id: inviteId })
  if (error) throw error
}

export async function revokeAccessCode(client: SupabaseClient, codeId: string) {
  const { error } = await client.rpc('revoke_access_code', { code_id: codeId })
  if (error) throw error
}
