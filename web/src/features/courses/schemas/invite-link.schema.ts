// "Have a link? Paste it": a learner pastes the whole invite URL (from an email, any host) or just its token. Only
// the token is kept, and the app opens its own /invite/$token page, so a pasted link never leads off the site.
import * as z from 'zod/mini'

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
  link: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'Paste the invite link from your invitation.')),
    z.transform((value, ctx) => {
      const token = inviteTokenFrom(value)
      if (token) return token
      // zod/mini hands a transform the bare parse payload (no addIssue): the issue goes on its list.
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: "That doesn't look like an invite link. Copy the whole link from your invitation and paste it here.",
      })
      return z.NEVER
    }),
  ),
})
export type InviteLinkInput = z.input<typeof inviteLinkSchema>
export type InviteLinkValues = z.output<typeof inviteLinkSchema>
