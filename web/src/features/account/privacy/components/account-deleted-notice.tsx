// The confirmation shown on the home page after the account was deleted in this tab (see ../lib/deleted-notice).
// Tiny on purpose: it sits on the home page, a hot route.
import { useEffect, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { forgetAccountDeleted, wasAccountDeleted } from '../lib/deleted-notice'

export function AccountDeletedNotice() {
  const [deleted] = useState(wasAccountDeleted)
  // Cleared once shown, so a reload or the next visit shows nothing.
  useEffect(() => {
    if (deleted) forgetAccountDeleted()
  }, [deleted])
  if (!deleted) return null
  return (
    <Alert tone="success" title="Your account is deleted" className="mb-6">
      Your profile, progress, notes, questions and certificates are gone, and you're signed out of Summit.
    </Alert>
  )
}
