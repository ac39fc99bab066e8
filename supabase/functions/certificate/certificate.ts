// The certificate call's flow: find the certificate (the learner's own by course, or anyone's valid one by code),
// render its PDF once into the private `certificates` bucket at a stable path, and answer a signed URL of it.
// Refusals follow PRODUCT.md §8: not_completed 409 before completion, certificate_not_found 404 otherwise.
import { HttpError } from '../_shared/http.ts'
import { projectRelative } from '../_shared/storage-url.ts'
import type { Client } from '../_shared/supabase.ts'
import { schoolBrand } from './brand.ts'
import { paperFor } from './paper.ts'
import { renderCertificate } from './render.ts'

export interface Certificate {
  id: string
  code: string
  user_id: string
  course_id: string
  issued_at: string
  revoked_at: string | null
  pdf_path: string | null
  snapshot: { learner_name?: string; course_title?: string; school_name?: string; hours?: number }
}

const columns = 'id, code, user_id, course_id, issued_at, revoked_at, pdf_path, snapshot'
/** How long a download link lives: long enough to open it, short enough that a shared link soon stops working. */
const signedUrlSeconds = 600

const notFound = (message = 'No certificate has this code. Check it against the certificate.') =>
  new HttpError(404, 'certificate_not_found', message)
const revoked = () => notFound('This certificate was revoked, so its PDF is no longer offered.')

/** The signed-in learner's certificate for a course, or why there is none. Reads as the learner (RLS). */
export async function ownCertificate(user: Client, userId: string, courseId: string): Promise<Certificate> {
  const { data: certificate, error } = await user
    .from('certificates')
    .select(columns)
    .eq('course_id', courseId)
    .eq('user_id', userId)
    .maybeSingle()
  if (error) throw error
  if (certificate) {
    if (certificate.revoked_at) throw revoked()
    return certificate as Certificate
  }

  const { data: course, error: courseError } = await user
    .from('courses')
    .select('id, certificate_enabled')
    .eq('id', courseId)
    .maybeSingle()
  if (courseError) throw courseError
  if (!course) throw new HttpError(404, 'course_not_found', 'This course does not exist or is not open to you.')
  const { data: enrollment, error: enrollmentError } = await user
    .from('enrollments')
    .select('status')
    .eq('course_id', courseId)
    .eq('user_id', userId)
    .maybeSingle()
  if (enrollmentError) throw enrollmentError
  if (enrollment?.status !== 'completed') {
    throw new HttpError(409, 'not_completed', 'Finish every lesson of the course to get its certificate.')
  }
  if (!course.certificate_enabled) throw notFound('This course does not award certificates.')
  // Completed in a certificate course but none issued: the trigger guarantees one, so this is a fault.
  throw new Error(`completed enrollment without a certificate: course ${courseId}, user ${userId}`)
}

/**
 * A valid certificate by its code, for anyone. verify_certificate decides first, counting the caller's address
 * (`visitor` passes on their forwarding headers, see _shared/client-address.ts), so the function shares the page's
 * rate limit and its answers.
 */
export async function certificateByCode(visitor: Client, admin: Client, code: string): Promise<Certificate> {
  const { data, error } = await visitor.rpc('verify_certificate', { code })
  if (error) {
    if (error.code === 'rate_limited') {
      throw new HttpError(429, 'rate_limited', 'Too many certificate lookups from here. Try again within the hour.')
    }
    if (error.code === 'certificate_not_found') throw notFound()
    throw error
  }
  const verified = data as { code: string; status: string }
  if (verified.status !== 'valid') throw revoked()
  // Service role: the verification call answers the page's fields only; the PDF needs the row (path, owner).
  const { data: certificate, error: rowError } = await admin
    .from('certificates')
    .select(columns)
    .eq('code', verified.code)
    .single()
  if (rowError) throw rowError
  return certificate as Certificate
}

/** The certificate's PDF in storage, rendered on first use; answers the object path. */
export async function ensurePdf(admin: Client, certificate: Certificate, site: string | undefined): Promise<string> {
  if (certificate.pdf_path) return certificate.pdf_path
  if (!site) {
    // The QR code and links need the app's address, and a PDF is rendered once: refuse rather than print a guess.
    throw new HttpError(
      503,
      'site_url_not_configured',
      'Certificates cannot be issued until the site address (SITE_URL) is configured.',
    )
  }
  const { data: profile, error } = await admin
    .from('profiles')
    .select('timezone')
    .eq('id', certificate.user_id)
    .maybeSingle()
  if (error) throw error
  const timezone = profile?.timezone ?? null
  const brand = await schoolBrand(admin, certificate.course_id)
  const bytes = await renderCertificate({
    code: certificate.code,
    learnerName: certificate.snapshot.learner_name ?? '',
    courseTitle: certificate.snapshot.course_title ?? '',
    schoolName: certificate.snapshot.school_name ?? '',
    hours: Number(certificate.snapshot.hours ?? 0),
    issuedAt: certificate.issued_at,
    timezone,
    verifyUrl: `${site}/c/${certificate.code}`,
    logo: brand.logo,
    accentColor: brand.accentColor,
  }, paperFor(timezone))
  // One stable path per certificate; two first downloads at once write the same file.
  const path = `${certificate.course_id}/${certificate.code}.pdf`
  // Service role: the certificates bucket has no client policies (written by the service only, PRODUCT.md §3),
  // and certificates have no client write grants.
  const { error: uploadError } = await admin.storage
    .from('certificates')
    .upload(path, bytes, { contentType: 'application/pdf', upsert: true })
  if (uploadError) throw uploadError
  const { error: updateError } = await admin.from('certificates').update({ pdf_path: path }).eq('id', certificate.id)
  if (updateError) throw updateError
  return path
}

/** The PDF's signed URL, relative to the project (see _shared/storage-url.ts). */
export async function signedPdfUrl(admin: Client, certificate: Certificate, path: string): Promise<string> {
  const { data, error } = await admin.storage
    .from('certificates')
    .createSignedUrl(path, signedUrlSeconds, { download: `certificate-${certificate.code}.pdf` })
  if (error) throw error
  return projectRelative(data.signedUrl)
}
