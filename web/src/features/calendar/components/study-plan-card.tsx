// One course's study plan: its state in words (sessions ahead and the last one, the target reached or not, minutes
// not planned when behind), the form, "I fell behind: replan" and removing the plan.
import { useId, useState } from 'react'
import { CalendarClock, TriangleAlert } from 'lucide-react'
import { FormError } from '@/components/form-error'
import { ConfirmButton } from '@/components/confirm-button'
import { SubmitButton } from '@/components/submit-button'
import { errorMessage } from '@/lib/errors'
import type { PlannableCourse } from '../api/study-plans.api'
import { useDeleteStudyPlan, useReplanStudyPlan } from '../api/calendar.mutations'
import { planWords, shortMoment } from '../lib/format'
import type { PlanState } from '../schemas/plan.schemas'
import { LazyStudyPlanForm } from './lazy-study-plan-form'

interface StudyPlanCardProps {
  userId: string
  course: PlannableCourse
  plan: PlanState | null
  zone: string
}

export function StudyPlanCard({ userId, course, plan, zone }: StudyPlanCardProps) {
  const headingId = useId()
  const replan = useReplanStudyPlan(userId)
  const remove = useDeleteStudyPlan(userId)
  const [actionError, setActionError] = useState<string | null>(null)

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {course.title}
      </h3>
      <div aria-live="polite" className="flex flex-col gap-2">
        {plan ? <PlanStateText plan={plan} zone={zone} /> : <p className="text-slate-600">No plan yet.</p>}
      </div>
      <LazyStudyPlanForm userId={userId} courseId={course.id} plan={plan} />
      {plan ? (
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
          <FormError message={actionError} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton
              type="button"
              variant="outline"
              busy={replan.isPending}
              onClick={() => {
                setActionError(null)
                replan.mutate(course.id, { onError: (error) => setActionError(errorMessage(error)) })
              }}
            >
              I fell behind: replan
            </SubmitButton>
            <ConfirmButton
              label="Remove plan"
              accessibleLabel={`Remove plan for ${course.title}`}
              variant="ghost"
              title={`Remove your plan for ${course.title}?`}
              description="Its study sessions leave your calendar. You can make a new plan at any time."
              confirmLabel="Remove plan"
              onConfirm={() => remove.mutateAsync(course.id)}
            />
          </div>
        </div>
      ) : null}
    </article>
  )
}

function PlanStateText({ plan, zone }: { plan: PlanState; zone: string }) {
  const words = planWords(plan)
  return (
    <>
      <p className="flex items-start gap-2 font-medium text-slate-900" data-testid="plan-summary">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
        <span>{words.summary}</span>
      </p>
      {plan.next_session_at ? (
        <p className="text-sm text-slate-600">Next session: {shortMoment(plan.next_session_at, zone)}</p>
      ) : null}
      {words.behind ? (
        <p
          className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="plan-behind"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{words.behind} Use “I fell behind: replan” to lay out sessions from now on.</span>
        </p>
      ) : null}
    </>
  )
}
