// Typed data access for a school's members: the school as I belong to it, the roster (school_members_list, emails
// for owners), pending invitations, and the calls that invite, re-role, remove, accept and decline. Every function
// throws on error; edge function refusals become a MemberError with the body's code and fields.
// zod/mini: this module loads with the app's routes, where full zod would add ~16 KiB to every first load.
import * as z from 'zod/mini'
import type { Database } from '@/lib/database.types'
import { functionHttpResponse } from '@/lib/errors'
import type { SupabaseClient } from '@/lib/supabase'

export type SchoolRole = Database['public']['Enums']['school_role']
export type Member = Database['public']['Functions']['school_members_list']['Returns'][number]

export interface MembersSchool {
  id: string
  name: string
  /** My role there. */
  role: SchoolRole
}

export interface Invitation {
  school_id: string
  email: string
  role: SchoolRole
  created_at: string
}

export interface MyInvitation extends Invitation {
  school_name: string
}

/** The school as I belong to it, or null when it does not exist or I am not a member (the page's not-found). */
export async function getMembersSchool(
  client: SupabaseClient,
  schoolId: string,
  userId: string,
): Promise<MembersSchool | null> {
  const { data, error } = await client
    .from('school_members')
    .select('role, schools(id, name)')
    .eq('school_id', schoolId)
    .eq('user_id', userId)
    .maybeSingle()
  if (error) throw error
  if (!data?.schools) return null
  return { id: data.schools.id, name: data.schools.name, role: data.role }
}

export async function listMembers(client: SupabaseClient, schoolId: string): Promise<Member[]> {
  const { data, error } = await client.rpc('school_members_list', { school_id: schoolId })
  if (error) throw error
  return data
}

/** Pending invitations of a school; only its owners see any. */
export async function listInvitations(client: SupabaseClient, schoolId: string): Promise<Invitation[]> {
  const { data, error } = await client
    .from('school_invitations')
    .select('school_id, email, role, created_at')
    .eq('school_id', schoolId)
    .order('created_at', { ascending: false })
  if (error) throw error
  return data
}

/** Invitations to my confirmed address, with the inviting school's name. */
export async function listMyInvitations(client: SupabaseClient, email: string): Promise<MyInvitation[]> {
  const { data, error } = await client
    .from('school_invitations')
    .select('school_id, email, role, created_at, schools(name)')
    .eq('email', email.toLowerCase())
    .order('created_at', { ascending: false })
  if (error) throw error
  return data.map(({ schools, ...rest }) => ({ ...rest, school_name: schools?.name ?? 'A school' }))
}

export async function changeMemberRole(client: SupabaseClient, schoolId: string, userId: string, role: SchoolRole) {
  const { error } = await client.rpc('change_school_member_role', { school_id: schoolId, user_id: userId, role })
  if (error) throw error
}

export async function removeMember(client: SupabaseClient, schoolId: string, userId: string) {
  const { error } = await client.rpc('remove_school_member', { school_id: schoolId, user_id: userId })
  if (error) throw error
}

export async function cancelInvitation(client: SupabaseClient, schoolId: string, email: string) {
  const { error } = await client.from('school_invitations').delete().eq('school_id', schoolId).eq('email', email)
  if (error) throw error
}

export async function acceptInvitation(client: SupabaseClient, schoolId: string): Promise<SchoolRole> {
  const { data, error } = await client.rpc('accept_school_invitation', { school_id: schoolId })
  if (error) throw error
  return data
}

/** A refusal of the invite-member function: its code, sentence and per-field messages. */
export class MemberError extends Error {
  readonly code: string
  readonly status: number
  readonly fields: Record<string, string> | undefined
  constructor(code: string, message: string, status: number, fields?: Record<string, string>) {
    super(message)
    this.name = 'MemberError'
    this.code = code
    this.status = status
    this.fields = fields
  }
}

const inviteAnswerSchema = z.object({
  status: z.enum(['invited', 'already_member']),
  email: z.string(),
  role: z.enum(['owner', 'instructor']),
})
const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.optional(z.record(z.string(), z.string())) }),
})

export type InviteAnswer = z.infer<typeof inviteAnswerSchema>

export async function inviteMember(
  client: SupabaseClient,
  values: { schoolId: string; email: string; role: SchoolRole },
): Promise<InviteAnswer> {
  const { data, error } = await client.functions.invoke('invite-member', {
    body: { school_id: values.schoolId, email: values.email, role: values.role },
  })
  if (error) {
    const response = functionHttpResponse(error)
    if (!response) throw error
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => null))
    if (!parsed.success) throw new MemberError('unknown', (error as Error).message, response.status)
    const { code, message, fields } = parsed.data.error
    throw new MemberError(code, message, response.status, fields)
  }
  return inviteAnswerSchema.parse(data)
}
