// /account's "Subscribe in your calendar": a private iCal URL for calendar apps. Without a live feed, a button makes
// one; the new URL is shown once (read-only, with Copy and a webcal:// link) because only its hash is kept. With a
// live feed: since when, "New URL" (the old one stops working, so it asks first) and "Turn off".
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CalendarPlus } from 'lucide-react'
import { FormError } from '@/components/form-error'
import { ConfirmButton } from '@/components/confirm-button'
import { SubmitButton } from '@/components/submit-button'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { feedUrls, type NewFeed } from '../api/calendar-feed.api'
import { useRevokeFeed, useRotateFeed } from '../api/calendar.mutations'
import { planQueries } from '../api/plans.queries'
import { CopyButton } from '@/components/copy-button'

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

export function CalendarFeedSection({ userId }: { userId: string }) {
  const feed = useQuery(planQueries.feed(userId))
  const rotate = useRotateFeed(userId)
  const revoke = useRevokeFeed(userId)
  // The token exists only in rotate_calendar_feed()'s answer: kept here until the page is left.
  const [fresh, setFresh] = useState<NewFeed | null>(null)
  const [createError, setCreateError] = useState<string | null>(null)

  const create = () => {
    setCreateError(null)
    rotate.mutate(undefined, {
      onSuccess: setFresh,
      onError: (error) => setCreateError(errorMessage(error)),
    })
  }

  return (
    <section aria-labelledby="calendar-feed-heading" className="flex flex-col gap-3">
      <h2 id="calendar-feed-heading" className="text-xl font-semibold text-slate-900">
        Subscribe in your calendar
      </h2>
      <p className="text-slate-600">
        Add your study sessions, live sessions and deadlines to Google Calendar, Apple Calendar or Outlook with a
        private address. Anyone with the address can see these items, so keep it to yourself.
      </p>
      {feed.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading your calendar subscription…
          </p>
          <Skeleton className="h-20 w-full rounded-xl" />
        </>
      ) : feed.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
          <p>Your calendar subscription could not be loaded. {errorMessage(feed.error)}</p>
          <Button variant="outline" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </div>
      ) : feed.data ? (
        <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
          {fresh && fresh.id === feed.data.id ? <FreshUrl token={fresh.token} /> : null}
          <p className="text-sm text-slate-700" data-testid="feed-since">
            Your subscription address works since {dateFormat.format(new Date(feed.data.createdAt))}.
          </p>
          <div className="flex flex-wrap gap-3">
            <ConfirmButton
              label="New URL"
              variant="outline"
              title="Make a new subscription address?"
              description="The address you use now stops working at once: calendars subscribed with it stop updating until you give them the new one."
              confirmLabel="Make a new URL"
              onConfirm={async () => setFresh(await rotate.mutateAsync())}
            />
            <ConfirmButton
              label="Turn off"
              variant="ghost"
              title="Turn off your calendar subscription?"
              description="The address stops working at once and calendars subscribed with it stop updating. You can make a new one later."
              confirmLabel="Turn off"
              onConfirm={async () => {
                await revoke.mutateAsync()
                setFresh(null)
              }}
            />
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <FormError message={createError} />
          <SubmitButton type="button" busy={rotate.isPending} onClick={create}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Create a subscription URL
          </SubmitButton>
        </div>
      )}
    </section>
  )
}

function FreshUrl({ token }: { token: string }) {
  const urls = feedUrls(token)
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="success" title="Your subscription address">
        Copy it now: it is shown only this once. If you lose it, make a new one.
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label="Subscription URL" className="min-w-0 flex-1">
          <Input
            readOnly
            value={urls.https}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-sm"
          />
        </Field>
        <CopyButton text={urls.https} label="Copy" />
      </div>
      <a href={urls.webcal} className="text-sm font-medium text-teal-800 underline-offset-2 hover:underline">
        Open in your calendar app (webcal link)
      </a>
    </div>
  )
}
