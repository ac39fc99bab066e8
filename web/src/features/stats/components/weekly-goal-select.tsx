// The weekly goal's setting: a select of 1–7 days that saves on change. The chosen value stays chosen while it
// saves and if the save fails, with the failure said next to the control.
import { useId, useState } from 'react'
import { useUpdateWeeklyGoal } from '../api/stats.mutations'
import { plural } from '@/lib/format/plural'

const choices = [1, 2, 3, 4, 5, 6, 7] as const

export function WeeklyGoalSelect({ userId, saved }: { userId: string; saved: number }) {
  const id = useId()
  const update = useUpdateWeeklyGoal(userId)
  // Null until the learner picks: until then the select follows the saved goal.
  const [chosen, setChosen] = useState<number | null>(null)
  const value = chosen ?? saved

  function choose(days: number) {
    setChosen(days)
    update.mutate(days)
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Goal
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => choose(Number(event.target.value))}
        aria-describedby={`${id}-status`}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
      >
        {choices.map((days) => (
          <option key={days} value={days}>
            {`${plural(days, 'day')} a week`}
          </option>
        ))}
      </select>
      <p id={`${id}-status`} role="status" className="text-sm">
        {update.isPending ? (
          <span className="text-slate-600">Saving…</span>
        ) : update.isError ? (
          <span className="text-red-700">Your goal could not be saved. Try again.</span>
        ) : update.isSuccess ? (
          <span className="text-teal-800">Saved.</span>
        ) : null}
      </p>
    </div>
  )
}
