// What an invite link leads to, for /invite/$token: the `course_invite_preview` RPC, callable by visitors, answers
// the course, the cohort and the link's state, or invite_invalid (404) for unknown, malformed and revoked tokens.
import * as z from 'zod/mini'
import type { SupabaseClient } from '@/lib/supabase'

export const invitePreviewSchema = z.object({
  course: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    subtitle: z.nullable(z.string()),
    cover_path: z.nullable(z.string()),
    school: z.nullable(z.object({ name: z.string() })),
  }),
  cohort: z.nullable(z.object({ name: z.string(), starts_at: z.string() })),
  /** closed: the course is no longer published. */
  state: z.enum(['valid', 'expired', 'used_up', 'closed']),
  expires_at: z.string(),
  allowed_email_domains: z.nullable(z.array(z.string())),
})
export type InvitePreview = z.infer<typeof invitePreviewSchema>

export async function getInvitePreview(client: SupabaseClient, token: string): Promise<InvitePreview> {
  // POST (the default for rpc): postgrest-js retries idempotent GETs for seconds when the API is away; the page's
  // query decides about retries itself.
  const { data, error } = await client.rpc('course_invite_preview', { invite_token: token })
  if (error) throw error
  return invitePreviewSchema.parse(data)
}
