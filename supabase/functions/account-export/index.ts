// POST /functions/v1/account-export — `{}` → 200, one JSON document of everything the signed-in user owns
// (PRODUCT.md §7: user, profile, school memberships, enrollments, progress, activity, notes, questions, answers,
// certificates with a signed pdf_url, achievements, files.avatar as a signed URL), sent as an attachment
// (summit-export-YYYY-MM-DD.json). Errors: not_signed_in 401, validation_failed 422 (a body other than {}).
import { z } from 'zod'
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { adminClient, requireUser } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { exportAccount, exportFileName } from './export.ts'

const exportBody = z.strictObject({}, { error: 'Send an empty JSON object.' })

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { user } = await requireUser(request)
  // Nothing to ask for: an empty body is as good as {}.
  if ((await request.clone().text()).trim() !== '') parse(exportBody, await readJson(request))
  const document = await exportAccount(adminClient(), user.id)
  return json(document, 200, {
    'Content-Disposition': `attachment; filename="${exportFileName(new Date())}"`,
    'Cache-Control': 'no-store',
  })
}))
