// Mutations of the security section. Removing a factor and generating new recovery codes need an aal2
// session: they run through the shared step-up guard, which asks for a second factor and retries once. Passkey
// changes go through it too, so wherever Auth asks for aal2 for them the same dialog answers it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { createRecoveryCodes, enrollTotp, unenrollFactor, verifyTotp } from './mfa.api'
import { addPasskey, removePasskey, renamePasskey } from './passkeys.api'
import { changePassword, sendReauthenticationCode } from './password.api'
import { securityQueries } from './security.queries'
import { useSecurityTools } from '../lib/security-tools'

/** A user with a second factor confirms it before the change (Auth asks for aal2). */
export function useChangePassword() {
  const { guard } = useSecurityTools()
  return useMutation({
    mutationFn: ({ password, nonce }: { password: string; nonce?: string }) =>
      guard(() => changePassword(supabase, password, nonce)),
  })
}

export function useSendReauthenticationCode() {
  return useMutation({ mutationFn: () => sendReauthenticationCode(supabase) })
}

export function useEnrollTotp(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (friendlyName: string) => enrollTotp(supabase, friendlyName),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueries.totpFactors(userId).queryKey }),
  })
}

export function useVerifyTotp(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ factorId, code }: { factorId: string; code: string }) => verifyTotp(supabase, factorId, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueries.totpFactors(userId).queryKey }),
  })
}

/** Removes a factor. A verified one needs step-up; an abandoned (unverified) one does not. */
export function useUnenrollFactor(userId: string) {
  const queryClient = useQueryClient()
  const { guard } = useSecurityTools()
  return useMutation({
    mutationFn: (factorId: string) => guard(() => unenrollFactor(supabase, factorId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueries.all(userId) }),
  })
}

/** Removes an unverified factor left by an abandoned enrollment, without step-up. */
export function useDiscardEnrollment(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (factorId: string) => unenrollFactor(supabase, factorId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueries.totpFactors(userId).queryKey }),
  })
}

/** New recovery codes. `guarded` runs through step-up (from the "generate new codes" button). */
export function useCreateRecoveryCodes(userId: string, { guarded }: { guarded: boolean }) {
  const queryClient = useQueryClient()
  const { guard } = useSecurityTools()
  return useMutation({
    mutationFn: () => (guarded ? guard(() => createRecoveryCodes(supabase)) : createRecoveryCodes(supabase)),
    onSuccess: async (codes) => {
      // A count asked for before the codes existed (the section appears as the factor is verified) may still be on
      // its way: cancelled first, so its 0 cannot land on top of the new codes.
      const { queryKey } = securityQueries.recoveryCodesLeft(userId)
      await queryClient.cancelQueries({ queryKey })
      queryClient.setQueryData(queryKey, codes.length)
    },
  })
}

export function useAddPasskey(userId: string) {
  const queryClient = useQueryClient()
  const { guard } = useSecurityTools()
  return useMutation({
    mutationFn: (friendlyName: string) => guard(() => addPasskey(supabase, friendlyName)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueries.passkeys(userId).queryKey }),
  })
}

export function useRenamePasskey(userId: string) {
  const queryClient = useQueryClient()
  const { guard } = useSecurityTools()
  return useMutation({
    mutationFn: ({ passkeyId, friendlyName }: { passkeyId: string; friendlyName: string }) =>
      guard(() => renamePasskey(supabase, passkeyId, friendlyName)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueries.passkeys(userId).queryKey }),
  })
}

export function useRemovePasskey(userId: string) {
  const queryClient = useQueryClient()
  const { guard } = useSecurityTools()
  return useMutation({
    mutationFn: (passkeyId: string) => guard(() => removePasskey(supabase, passkeyId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueries.passkeys(userId).queryKey }),
  })
}
