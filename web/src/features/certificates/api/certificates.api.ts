// Typed data access for certificates: the public verification call (verify_certificate), the PDF's signed URL
// (the certificate function, by course for the learner or by code for anyone) and the school's other courses for
// the finish moment. Every function throws on error; function errors are thrown as their parsed body.
import { readFunctionError } from '@/lib/errors'
import { supabaseUrl, type SupabaseClient } from '@/lib/supabase'

export interface VerifiedCertificate {
  code: string
  learner_name: string
  course_title: string
  school_name: string
  hours: number
  issued_at: string
  status: 'valid' | 'revoked'
  revoked_at: string | null
}

export async function verifyCertificate(client: SupabaseClient, code: string): Promise<VerifiedCertificate> {
  const { data, error } = await client.rpc('verify_certificate', { code })
  if (error) throw error
  return data as unknown as VerifiedCertificate
}

export interface CertificatePdf {
  url: string
  code: string
}

export async function getCertificatePdf(
  client: SupabaseClient,
  by: { courseId: string } | { code: string },
): Promise<CertificatePdf> {
  const body = 'courseId' in by ? { course_id: by.courseId } : { code: by.code }
  const { data, error } = await client.functions.invoke<CertificatePdf>('certificate', { body })
  if (error) throw await readFunctionError(error)
  if (!data) throw new Error('certificate answered without a body')
  // Relative to the project: the function may reach the API at an address browsers cannot open.
  return { ...data, url: new URL(data.url, supabaseUrl).href }
}

export interface SchoolCourse {
  id: string
  slug: string
  title: string
  subtitle: string | null
}

/** Other published courses of the school, for "what next" after finishing one. */
export async function listOtherSchoolCourses(
  client: SupabaseClient,
  schoolId: string,
  exceptCourseId: string,
): Promise<SchoolCourse[]> {
  const { data, error } = await client
    .from('courses')
    .select('id, slug, title, subtitle')
    .eq('school_id', schoolId)
    .eq('status', 'published')
    .eq('visibility', 'public')
    .neq('id', exceptCourseId)
    .order('published_at', { ascending: false })
    .limit(3)
  if (error) throw error
  return data
}
