// Query keys and options for the account's security section: `securityQueries.totpFactors(userId)`,
// `.recoveryCodesLeft(userId)`, `.passkeys(userId)`.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { countRecoveryCodesLeft, listTotpFactors } from './mfa.api'
import { listPasskeys } from './passkeys.api'

export const securityQueries = {
  all: (userId: string) => ['account-security', userId] as const,
  totpFactors: (userId: string) =>
    queryOptions({
      queryKey: [...securityQueries.all(userId), 'totp-factors'] as const,
      queryFn: () => listTotpFactors(supabase),
    }),
  recoveryCodesLeft: (userId: string) =>
    queryOptions({
      queryKey: [...securityQueries.all(userId), 'recovery-codes-left'] as const,
      queryFn: () => countRecoveryCodesLeft(supabase),
    }),
  passkeys: (userId: string) =>
    queryOptions({
      queryKey: [...securityQueries.all(userId), 'passkeys'] as const,
      queryFn: () => listPasskeys(supabase),
    }),
}
