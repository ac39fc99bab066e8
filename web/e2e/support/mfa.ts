// Users with an authenticator app for second-factor journeys: a confirmed user who enrolled a TOTP factor through
// supabase-js (verified with a generated code), and the codes to answer later challenges with. Auth accepts a code of
// the current 30 s step or the one either side, each step once per factor, so `nextCode()` hands out increasing steps.
import type { SupabaseClient } from '@supabase/supabase-js'
import { learnerClient } from './learner-client'
import { totpCode } from './totp'
import { createConfirmedUser, type TestUser } from './users'

export interface TotpUser extends TestUser {
  secret: string
  factorId: string
  /** The user's own client, signed in at aal2 by the enrolment. */
  client: SupabaseClient
  /** A code Auth has not accepted yet for this factor (the step after the last one used, never before now - 30 s). */
  nextCode: () => string
}

const stepOf = (ms: number) => Math.floor(ms / 1000 / 30)

export async function createTotpUser(options: { displayName?: string } = {}): Promise<TotpUser> {
  const user = await createConfirmedUser(options)
  const client = await learnerClient(user.email, user.password)
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
  if (enrolled.error) throw enrolled.error
  const secret = enrolled.data.totp.secret
  let last = Number.NEGATIVE_INFINITY
  const nextCode = () => {
    const now = Date.now()
    const step = Math.max(last + 1, stepOf(now) - 1)
    if (step > stepOf(now) + 1) throw new Error('nextCode: three codes used within one 30 s step')
    last = step
    return totpCode(secret, now, step - stepOf(now))
  }
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: nextCode() })
  if (verified.error) throw verified.error
  return { ...user, secret, factorId: enrolled.data.id, client, nextCode }
}
