// POST /functions/v1/certificate — `{ course_id }` (the signed-in learner's certificate for the course) or
// `{ code }` (anyone: a valid certificate's PDF, as the verification page offers it) → 200 `{ url, code }`, a
// signed URL of the PDF relative to the project's URL (see _shared/storage-url.ts). Errors use the envelope of
// _shared/http.ts; the flow lives in certificate.ts.
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { adminClient, requireUser } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { certificateByCode, ensurePdf, ownCertificate, signedPdfUrl } from './certificate.ts'
import { certificateBody } from './schema.ts'
import { siteOrigin } from '../_shared/site.ts'
import { onBehalfOfVisitor } from '../_shared/client-address.ts'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const body = parse(certificateBody, await readJson(request))
  const admin = adminClient()
  const certificate = body.kind === 'course'
    ? await (async () => {
      const { user, client } = await requireUser(request)
      return await ownCertificate(client, user.id, body.courseId)
    })()
    : await certificateByCode(onBehalfOfVisitor(request), admin, body.code)
  const path = await ensurePdf(admin, certificate, siteOrigin(request, Deno.env.get('SITE_URL')))
  return json({ url: await signedPdfUrl(admin, certificate, path), code: certificate.code })
}))
