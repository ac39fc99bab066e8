// Typed data access for the invitations to learn that were sent to my (confirmed) address: list them with their
// course and school (my_course_invitations), accept one (accept_course_invitation enrolls me) or decline it (deleting
// it, which the invitee may). Every function throws on error.
import type { Database } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'

type GeneratedInvitation = Database['public']['Functions']['my_course_invitations']['Returns'][number]

/** The generator types every column of a function's table as non-null; an invitation may have no cohort. */
export type CourseInvitation = Omit<GeneratedInvitation, 'cohort_name'> & { cohort_name: string | null }

export async function listMyCourseInvitations(client: SupabaseClient): Promise<CourseInvitation[]> {
  const { data, error } = await client.rpc('my_course_invitations')
  if (error) throw error
  return data
}

export interface AcceptedInvitation {
  course_id: string
  course_slug: string
}

export async function acceptCourseInvitation(
  client: SupabaseClient,
  invitationId: string,
): Promise<AcceptedInvitation> {
  const { data, error } = await client.rpc('accept_course_invitation', { invitation_id: invitationId })
  if (error) throw error
  return data as unknown as AcceptedInvitation
}

export async function declineCourseInvitation(client: SupabaseClient, invitationId: string): Promise<void> {
  const { error } = await client.from('course_invitations').delete().eq('id', invitationId)
  if (error) throw error
}
