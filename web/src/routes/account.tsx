// /account: the signed-in user's profile (name, avatar, timezone). Signed-out visitors are sent to
// sign in and brought back here.
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { requireSession } from '@/features/auth/api/session'

const accountSearchSchema = z.object({
  /** Set by /auth/reset so the page can confirm the change. */
  passwordChanged: z.boolean().optional().catch(undefined),
})

export const Route = createFileRoute('/account')({
  validateSearch: accountSearchSchema,
  beforeLoad: async ({ location }) => ({ session: await requireSession(location) }),
  head: () => ({ meta: [{ title: 'Your account · Summit' }] }),
  component: AccountPage,
})

function AccountPage() {
  return <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Your account</h1>
}
