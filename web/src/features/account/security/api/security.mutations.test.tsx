// New recovery codes set the count of codes left, even when a count asked for before they existed answers later (the
// section's count query starts as the factor is verified, while the codes are being made).
import { act, renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { SecurityToolsContext, type SecurityTools } from '../lib/security-tools'
import * as mfaApi from './mfa.api'
import { useCreateRecoveryCodes } from './security.mutations'
import { securityQueries } from './security.queries'

describe('useCreateRecoveryCodes', () => {
  it('keeps the new count when an older count answers after the codes were made', async () => {
    let answerOldCount: (left: number) => void = () => {}
    vi.spyOn(mfaApi, 'countRecoveryCodesLeft').mockImplementation(
      () => new Promise<number>((resolve) => (answerOldCount = resolve)),
    )
    vi.spyOn(mfaApi, 'createRecoveryCodes').mockResolvedValue(Array.from({ length: 10 }, (_, i) => `code-${i}`))
    const queryClient = createQueryClient()
    const tools = { guard: (act) => act(), password: {} } as SecurityTools
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <SecurityToolsContext.Provider value={tools}>{children}</SecurityToolsContext.Provider>
      </QueryClientProvider>
    )
    const { queryKey } = securityQueries.recoveryCodesLeft('user-1')
    // The count is asked for before the codes exist, and has not answered yet.
    void queryClient.fetchQuery(securityQueries.recoveryCodesLeft('user-1')).catch(() => {})
    const { result } = renderHook(() => useCreateRecoveryCodes('user-1', { guarded: false }), { wrapper })
    await act(() => result.current.mutateAsync())
    // The old count answers only now, with the 0 it read before the codes were made.
    answerOldCount(0)
    await waitFor(() => expect(queryClient.getQueryData(queryKey)).toBe(10))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(queryClient.getQueryData(queryKey)).toBe(10)
  })
})
