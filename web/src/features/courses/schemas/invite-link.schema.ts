// "Have a link? Paste it": a learner pastes the whole invite URL (from an email, any host) or just its token. Only
// the token is kept, and the app opens its own /invite/$token page, so a pasted link never leads off the site.
import { z } from 'zod'

/** Invite tokens are 32 random bytes in base64url without padding (create_course_invite). */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/** The token in a pasted invite link or bare token; null when the text holds none. */
export function inviteTokenFrom(text: string): string | null {
  const value = text.trim()
  if (tokenPattern.test(value)) return value
  const path = /(?:^|\/)invite\/([^/?#\s]+)/.exec(value)?.[1]
  if (!path) return null
  let token: string
  try {
    token = decodeURIComponent(path)
  } catch {
    return null
  }
  return tokenPattern.test(token) ? token : null
}

export const inviteLinkSchema = z.object({
  link: z
    .string()
    .trim()
    .min(1, 'Paste the invite link from your invitation.')
    .transform((value, ctx) => {
      const token = inviteTokenFrom(value)
      if (token) return token
      ctx.addIssue({
        code: 'custom',
        message: "That doesn't look like an invite link. Copy the whole link from your invitation and paste it here.",
      })
      return z.NEVER
    }),
})
export type InviteLinkInput = z.input<typeof inviteLinkSchema>
export type InviteLinkValues = z.output<typeof inviteLinkSchema>
