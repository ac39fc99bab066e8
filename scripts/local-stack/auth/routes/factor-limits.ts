// GoTrue's checks before a new factor is enrolled (TOTP, WebAuthn or phone): expired unverified factors go first, then
// the friendly name must be free, the user under the factor limits, and a user with a verified factor at aal2.
import type { AuthContext } from '../context.ts'
import { forbidden, unprocessable } from '../errors.ts'
import { deleteExpiredFactors } from '../models/factors.ts'
import { isAal2, type Caller } from '../tokens/authenticate.ts'

export async function checkFactorLimits(context: AuthContext, caller: Caller, friendlyName: string): Promise<void> {
  await deleteExpiredFactors(context.db, caller.user.id, context.factorExpiry)
  const { rows } = await context.db.query<{ friendly_name: string | null; status: string }>(
    'select friendly_name, status from auth.mfa_factors where user_id = $1',
    [caller.user.id],
  )
  if (friendlyName !== '' && rows.some((f) => f.friendly_name === friendlyName)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    )
  }
  const verified = rows.filter((f) => f.status === 'verified').length
  if (rows.length >= context.settings.mfa.maxEnrolledFactors || verified >= context.maxVerifiedFactors) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    )
  }
  if (verified > 0 && !isAal2(caller)) throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor')
}
