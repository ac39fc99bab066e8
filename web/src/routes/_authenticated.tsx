// The signed-in part of the app, as one pathless layout route (TanStack Router's authenticated routes): every page
// under routes/_authenticated (account, calendar, stats, notifications, the studio, …) needs a session, checked once
// here before any of them loads. Signed-out visitors are sent to sign in and brought back to the page they asked
// for; a session that owes its second factor goes to /auth/mfa first. The pages read `session` from the context.
import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '@/features/auth/api/session'

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ location }) => ({ session: await requireSession(location) }),
})
