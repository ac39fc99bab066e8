// The `redirect` search param of the auth pages: where to go after signing in. Only same-origin
// paths are honoured, so a crafted link cannot send a learner to another site after sign-in.
import * as z from 'zod/mini'

/** Returns a same-origin path (with search and hash) or `/` for anything else. */
export function safeRedirect(value: unknown, origin = window.location.origin): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/'
  }
  try {
    const url = new URL(value, origin)
    if (url.origin !== origin) return '/'
    // Going back to an auth page after signing in would loop; home is the sensible default.
    if (url.pathname.startsWith('/auth/')) return '/'
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return '/'
  }
}

/** validateSearch for the auth routes: an invalid or foreign `redirect` is dropped, not an error page. */
export const redirectSearchSchema = z.object({
  redirect: z.pipe(
    z.catch(z.optional(z.string()), undefined),
    z.transform((value) => (value === undefined || safeRedirect(value) === '/' ? undefined : safeRedirect(value))),
  ),
})

export type RedirectSearch = z.infer<typeof redirectSearchSchema>
