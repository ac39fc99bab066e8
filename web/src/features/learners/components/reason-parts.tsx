// The parts the learners page's destructive forms share (removing a learner, revoking a certificate): the required
// reason, and the refusal, where a session without a second factor (aal2_required) gets its explanation instead of
// the generic sentence.
import { Alert } from '@/components/ui/alert'
import { FieldError } from '@/components/ui/field'
import { errorCode, errorMessage } from '@/lib/errors'

interface ReasonFieldProps {
  /** The form's useId(): the field is `<id>-reason`, its error `<id>-reason-error`. */
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
}

export function ReasonField({ id, label, value, onChange, error }: ReasonFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <textarea
        id={`${id}-reason`}
        value={value}
        maxLength={500}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reason-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-md border border-slate-300 p-3 text-base text-slate-900 aria-[invalid=true]:border-red-600"
      />
      {error ? <FieldError id={`${id}-reason-error`}>{error}</FieldError> : null}
    </div>
  )
}

/** A refusal of the act, with `aal2Explanation` when the database asked for two-factor sign-in. */
export function RefusalAlert({ error, aal2Explanation }: { error: unknown; aal2Explanation: string }) {
  const aal2 = errorCode(error) === 'aal2_required'
  return (
    <Alert tone="error" title={aal2 ? 'Two-factor sign-in needed' : undefined}>
      {aal2 ? aal2Explanation : errorMessage(error)}
    </Alert>
  )
}
