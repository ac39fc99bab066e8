// Adding learners by email: addresses pasted in any separation, checked here with the rule the function applies.
// The valid ones are invited (each person accepts before they are enrolled; the answer is the same whether or not
// they have an account) and the ones that could not be read are listed back with the results. The text stays until
// the addition succeeds, so a network drop loses nothing.
import { useId, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { errorFields, errorMessage } from '@/lib/errors'
import type { AddResult, Cohort } from '../api/learners.api'
import { useAddLearners } from '../api/learners.mutations'
import { emailsError, parseEmails } from '../lib/emails'

const resultWords: Record<AddResult, string> = {
  invited: 'Invited; enrolled once they accept',
  already_enrolled: 'Already a learner',
  invalid: 'Could not read this address',
  failed: 'Invited, but the email could not be sent; they will see it when they sign in',
}

export function AddLearnersForm({ courseId, cohorts }: { courseId: string; cohorts: Cohort[] }) {
  const id = useId()
  const [text, setText] = useState('')
  const [cohortId, setCohortId] = useState('')
  const [error, setError] = useState<string>()
  // The addresses of the last batch that could not be read: not sent, listed with the results.
  const [unread, setUnread] = useState<string[]>([])
  const add = useAddLearners(courseId)
  const serverFields = add.isError ? errorFields(add.error) : {}

  return (
    <div className="flex flex-col gap-4">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          const parsed = parseEmails(text)
          const problem = emailsError(parsed)
          setError(problem)
          if (problem) return
          setUnread(parsed.invalid)
          add.mutate({ emails: parsed.valid, cohortId: cohortId || null }, { onSuccess: () => setText('') })
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-emails`} className="text-sm font-medium text-slate-900">
            Email addresses
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            One per line, or separated by commas. Up to 100 at a time. Each person gets an invitation by email and joins
            once they accept.
          </p>
          <textarea
            id={`${id}-emails`}
            value={text}
            rows={5}
            aria-invalid={error || serverFields.emails ? true : undefined}
            aria-describedby={`${id}-hint${error || serverFields.emails ? ` ${id}-error` : ''}`}
            onChange={(event) => setText(event.target.value)}
            className="rounded-md border border-slate-300 p-3 text-base text-slate-900 aria-[invalid=true]:border-red-600"
          />
          {error || serverFields.emails ? (
            <FieldError id={`${id}-error`}>{error ?? serverFields.emails}</FieldError>
          ) : null}
        </div>
        {cohorts.length > 0 ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-cohort`} className="text-sm font-medium text-slate-900">
              Cohort
            </label>
            <select
              id={`${id}-cohort`}
              value={cohortId}
              onChange={(event) => setCohortId(event.target.value)}
              className="h-11 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900"
            >
              <option value="">No cohort</option>
              {cohorts.map((cohort) => (
                <option key={cohort.id} value={cohort.id}>
                  {cohort.name}
                </option>
              ))}
            </select>
            {serverFields.cohort_id ? <FieldError>{serverFields.cohort_id}</FieldError> : null}
          </div>
        ) : null}
        {add.isError && Object.keys(serverFields).length === 0 ? (
          <Alert tone="error">{errorMessage(add.error)}</Alert>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Inviting…' : 'Invite learners'}
          </Button>
        </div>
      </form>
      {add.isSuccess ? (
        <section aria-label="Results" role="status" className="flex flex-col gap-2">
          <h3 className="font-semibold text-slate-900">Results</h3>
          {unread.length > 0 ? (
            <p className="text-sm text-slate-700">
              {add.data.length} {add.data.length === 1 ? 'address was' : 'addresses were'} sent; {unread.length} could
              not be read and {unread.length === 1 ? 'was' : 'were'} left out.
            </p>
          ) : null}
          <ul className="flex flex-col divide-y divide-slate-100 text-sm">
            {[...add.data, ...unread.map((email) => ({ email, result: 'invalid' as const }))].map((item) => (
              <li key={item.email} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span className="break-all text-slate-900">{item.email}</span>
                <span
                  className={item.result === 'invalid' || item.result === 'failed' ? 'text-red-700' : 'text-slate-700'}
                >
                  {resultWords[item.result]}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
