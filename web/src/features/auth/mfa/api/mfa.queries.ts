// Which second factors the signed-in user can confirm with: verified TOTP factors and whether a passkey exists.
// Read fresh each time a screen asks (staleTime 0): a factor may have been added or removed in another tab.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { hasPasskey, verifiedTotpFactors, type TotpFactor } from './mfa.api'

export interface SecondFactors {
  totp: TotpFactor[]
  passkey: boolean
}

export const mfaQueries = {
  all: () => ['auth', 'second-factors'] as const,
  secondFactors: (userId: string | undefined) =>
    queryOptions({
      queryKey: [...mfaQueries.all(), userId] as const,
      queryFn: async (): Promise<SecondFactors> => {
        const totp = await verifiedTotpFactors(supabase)
        // With a TOTP factor the dialog asks for its code (GoTrue's own aal2 checks accept only a factor-verified
        // session), so the passkey list is only read when there is none.
        const passkey = totp.length > 0 ? false : await hasPasskey(supabase)
        return { totp, passkey }
      },
      enabled: userId !== undefined,
      staleTime: 0,
    }),
}
