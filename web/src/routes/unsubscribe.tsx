// /unsubscribe?token=…: the confirm page of an email's one-click unsubscribe link, signed in or not (the token is
// the credential, checked by the unsubscribe function).
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { UnsubscribePage } from '@/features/notifications/components/unsubscribe-page'

const unsubscribeSearchSchema = z.object({
  token: z.catch(z.string(), ''),
})

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: unsubscribeSearchSchema,
  head: () => ({ meta: [{ title: 'Unsubscribe · Summit' }] }),
  component: UnsubscribeRoute,
})

function UnsubscribeRoute() {
  const { token } = Route.useSearch()
  return <UnsubscribePage key={token} token={token} />
}
