// POST /functions/v1/account-delete — `{ confirmation }` (the user's email, exactly) → 200 `{ deleted: true }`:
// the signed-in user, every row of theirs and their files are deleted (PRODUCT.md §7). Errors: not_signed_in 401,
// validation_failed 422 (fields.confirmation), forbidden 403 (last owner of a school, named in the message),
// aal2_required 403 (the user has a verified factor and the session is neither aal2 nor a passkey sign-in).
// The order that keeps a failure from leaving anything half-deleted is explained in delete.ts.
import { claimsOf } from '../_shared/account.ts'
import { database } from '../_shared/database.ts'
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { adminClient, requireUser } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { deleteAccount } from './delete.ts'
import { deleteBody, requireConfirmation } from './schema.ts'
import { storageStore } from './storage.ts'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { user } = await requireUser(request)
  const body = parse(deleteBody, await readJson(request))
  requireConfirmation(body.confirmation, user.email)
  // The claims of the token Auth just accepted: the database asks them for the second factor.
  const claims = claimsOf(request.headers.get('Authorization'))
  await deleteAccount(database(), storageStore(adminClient()), user.id, claims)
  return json({ deleted: true })
}))
