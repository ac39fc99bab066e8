// Invite queries: the preview of one invite link, keyed by its token (its only input). Unknown links answer
// invite_invalid, which no retry changes; only a failed connection is retried, once and quickly, so a page whose
// API is down says so within a few seconds.
import { queryOptions } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { getInvitePreview } from './invite.api'

export const inviteKeys = {
  all: ['invites'] as const,
  preview: (token: string) => [...inviteKeys.all, 'preview', token] as const,
}

/** Retries a request that never got an answer (no code), once; an answer with a code is final. */
export function retryOnlyUnanswered(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && errorCode(error) === undefined
}

export const inviteQueries = {
  preview: (token: string) =>
    queryOptions({
      queryKey: inviteKeys.preview(token),
      queryFn: () => getInvitePreview(supabase, token),
      retry: retryOnlyUnanswered,
      retryDelay: 500,
    }),
}
