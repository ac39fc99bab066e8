// A course's certificates for its staff (course_certificates) and their revocation (revoke_certificate: aal2 and a
// reason), shared so the learners page can show and revoke a learner's certificate. Refusals are not retried.
import { queryOptions } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase, type SupabaseClient } from '@/lib/supabase'
import { certificateKeys } from './my-certificates'

export interface CourseCertificate {
  certificate_id: string
  user_id: string
  code: string
  issued_at: string
  revoked_at: string | null
  revoke_reason: string | null
}

export async function listCourseCertificates(client: SupabaseClient, courseId: string): Promise<CourseCertificate[]> {
  const { data, error } = await client.rpc('course_certificates', { course_id: courseId })
  if (error) throw error
  return data as CourseCertificate[]
}

export async function revokeCertificate(client: SupabaseClient, certificateId: string, reason: string): Promise<void> {
  const { error } = await client.rpc('revoke_certificate', { certificate_id: certificateId, reason })
  if (error) throw error
}

export const courseCertificatesQuery = (courseId: string) =>
  queryOptions({
    queryKey: certificateKeys.course(courseId),
    queryFn: () => listCourseCertificates(supabase, courseId),
    retry: (count, error) => count < 1 && errorCode(error) === undefined,
  })
