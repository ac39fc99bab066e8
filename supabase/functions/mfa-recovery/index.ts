// POST /functions/v1/mfa-recovery — `{ code }` → 200 `{ factors_removed }`: a signed-in user who lost their second
// factor spends one recovery code; all their MFA factors are removed and their other codes cleared, in one
// transaction (public.redeem_recovery_code). The client then refreshes its session (aal1, no factor) and sets a
// factor up again. Errors: not_signed_in 401, validation_failed 422, code_invalid 400 (wrong or used),
// rate_limited 429 (10 wrong codes an hour, with Retry-After).
import { refusalOf } from '../_shared/account.ts'
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { adminClient, requireUser } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { recoveryBody } from './schema.ts'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { user } = await requireUser(request)
  const body = parse(recoveryBody, await readJson(request))
  // Service role: redeem_recovery_code is no client's to call — a wrong code must be counted although it is refused,
  // so the call returns refusals as a value and commits, and only this function turns them into answers.
  const { data, error } = await adminClient().rpc('redeem_recovery_code', { user_id: user.id, code: body.code })
  if (error) throw error
  const refusal = refusalOf(data)
  if (refusal) throw refusal
  return json({ factors_removed: (data as { factors_removed: number }).factors_removed })
}))
