// /unsubscribe?token=…: where an email's unsubscribe link lands (the unsubscribe function's GET sends people here),
// signed in or not. It says which emails the link turns off and asks to confirm, since a link opened by a mail
// scanner must change nothing; "Unsubscribe" POSTs the token, and the answer says it is done or that the link is not
// valid. Everything else stays as it was; the account page changes the rest.
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { MailCheck, MailX } from 'lucide-react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { errorMessage, errorFields } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { unsubscribeByToken, unsubscribeTokenKind } from '../api/notifications.api'
import { kindEmails } from '../lib/kind-labels'

export function UnsubscribePage({ token }: { token: string }) {
  const kind = unsubscribeTokenKind(token)
  const unsubscribe = useMutation({ mutationFn: () => unsubscribeByToken(supabase, token) })

  if (!kind) {
    return (
      <Shell icon={MailX} title="This unsubscribe link is not valid">
        <p className="text-slate-600">
          The link may have been cut short by your mail app. You can choose which emails you get on your <AccountLink />
          .
        </p>
      </Shell>
    )
  }
  if (unsubscribe.isSuccess) {
    return (
      <Shell icon={MailCheck} title="You're unsubscribed">
        <p role="status" className="text-slate-600">
          You won't get {kindEmails(unsubscribe.data)} any more. You can turn them back on, or change other emails, on
          your <AccountLink />.
        </p>
      </Shell>
    )
  }
  const problem = unsubscribe.isError ? (errorFields(unsubscribe.error).token ?? errorMessage(unsubscribe.error)) : null
  return (
    <Shell icon={MailX} title="Unsubscribe from these emails?">
      <p className="text-slate-600">
        This stops {kindEmails(kind)}. Other emails, and what you see in the app, stay as they are.
      </p>
      <form
        className="flex flex-col items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          unsubscribe.mutate()
        }}
      >
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <SubmitButton busy={unsubscribe.isPending}>Unsubscribe</SubmitButton>
      </form>
    </Shell>
  )
}

function AccountLink() {
  return (
    <Link to="/account" hash="notification-preferences" className="font-medium text-teal-800 underline">
      account page
    </Link>
  )
}

function Shell({ icon: Icon, title, children }: { icon: typeof MailX; title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4 py-10">
      <Icon aria-hidden="true" className="size-10 text-teal-700" />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {children}
      <div>
        <Button asChild variant="ghost" className="-ml-4">
          <Link to="/">Go to Summit</Link>
        </Button>
      </div>
    </section>
  )
}
