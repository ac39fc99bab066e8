// Removing a learner: a reason is required (the database refuses a blank one too). A session without a second
// factor is refused with aal2_required: the step-up dialog asks for it and removes again; a cancelled step-up is
// explained here. The reason typed stays in the form whatever the answer.
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { errorFields } from '@/lib/errors'
import type { LearnerRow } from '../api/learners.api'
import { useRemoveLearner } from '../api/learners.mutations'
import { ReasonField, RefusalAlert } from './reason-parts'

export const aal2Explanation =
  'Removing a learner needs two-factor sign-in. Remove again and confirm with your authenticator app or a passkey when asked; if you have neither, set one up on your account page.'

export function RemoveLearnerForm({
  courseId,
  row,
  onDone,
}: {
  courseId: string
  row: LearnerRow
  onDone: () => void
}) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const remove = useRemoveLearner(courseId)
  const serverField = remove.isError ? errorFields(remove.error).reason : undefined
  const fieldError = missing ? 'Say why the learner is removed.' : serverField

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (reason.trim() === '') {
          setMissing(true)
          return
        }
        setMissing(false)
        remove.mutate({ enrollmentId: row.enrollment_id, reason: reason.trim() }, { onSuccess: onDone })
      }}
    >
      <p className="text-sm text-slate-700">
        {row.display_name} loses access to the lessons and videos at once, also in a lesson they have open. Their
        progress is kept, and you can add them back later.
      </p>
      <ReasonField id={id} label="Reason" value={reason} onChange={setReason} error={fieldError} />
      {remove.isError && !serverField ? <RefusalAlert error={remove.error} aal2Explanation={aal2Explanation} /> : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={remove.isPending} className="bg-red-700 hover:bg-red-800">
          {remove.isPending ? 'Removing…' : 'Remove learner'}
        </Button>
      </div>
    </form>
  )
}
