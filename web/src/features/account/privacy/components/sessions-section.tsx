// /account's "Where you're signed in": the user's active sessions (device and browser, IP, last active), this one
// marked "This device"; any other one can be signed out, or all of them at once. A signed-out device finds out at
// its next token refresh, when Auth refuses it and the app returns it to the sign-in page.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { SubmitButton } from '@/components/submit-button'
import { errorMessage } from '@/lib/errors'
import { useEndSession, useSignOutOtherSessions } from '../api/privacy.mutations'
import { privacyQueries } from '../api/privacy.queries'
import { describeUserAgent } from '../lib/user-agent'
import { PrivacySection } from './privacy-section'
import { SessionRow } from './session-row'

export function SessionsSection({ userId }: { userId: string }) {
  const sessions = useQuery(privacyQueries.sessions(userId))
  const endSession = useEndSession(userId)
  const signOutOthers = useSignOutOtherSessions(userId)
  const [notice, setNotice] = useState<string | null>(null)

  const others = sessions.data?.filter((session) => !session.isCurrent) ?? []
  const error = endSession.error ?? signOutOthers.error

  const end = (id: string, label: string) => {
    setNotice(null)
    signOutOthers.reset()
    endSession.mutate(id, { onSuccess: () => setNotice(`Signed out ${label}.`) })
  }
  const endOthers = () => {
    setNotice(null)
    endSession.reset()
    const count = others.length
    signOutOthers.mutate(undefined, {
      onSuccess: () =>
        setNotice(count === 1 ? 'Signed out your other session.' : `Signed out your ${count} other sessions.`),
    })
  }

  return (
    <PrivacySection title="Where you're signed in">
      {sessions.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading your sessions…
          </p>
          <Skeleton className="h-16 w-full rounded-lg" />
          <Skeleton className="h-16 w-full rounded-lg" />
        </>
      ) : sessions.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
          <p>{errorMessage(sessions.error)}</p>
          <Button variant="outline" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : sessions.data.length === 0 ? (
        <p className="text-slate-600">We found no active sessions for your account.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Sign out anywhere you don't recognise. That device is signed out the next time it renews its sign-in, within
            the hour.
          </p>
          <ul aria-label="Active sessions" className="flex flex-col gap-3">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={endSession.isPending && endSession.variables === session.id}
                onSignOut={() => end(session.id, describeUserAgent(session.userAgent))}
              />
            ))}
          </ul>
          {others.length > 0 ? (
            <SubmitButton
              type="button"
              variant="outline"
              className="self-start"
              busy={signOutOthers.isPending}
              onClick={endOthers}
            >
              Sign out everywhere else
            </SubmitButton>
          ) : (
            <p className="text-sm text-slate-600">You're not signed in anywhere else.</p>
          )}
        </>
      )}
      {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
    </PrivacySection>
  )
}
