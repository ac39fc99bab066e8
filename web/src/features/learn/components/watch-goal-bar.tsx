// The thin bar under the video: distinct seconds watched toward the lesson's completion rule ("62 % of 90 % watched"),
// with a tick mark where the rule is met. Only a mirror: the server completes the lesson.
import { Progress } from '@/components/ui/progress'
import { watchGoalLabel, type WatchGoal } from '../lib/watch-goal'

export function WatchGoalBar({ goal, completed }: { goal: WatchGoal; completed: boolean }) {
  const label = watchGoalLabel(goal)
  return (
    <div className="flex items-center gap-3">
      <div className="relative flex-1">
        <Progress
          value={goal.percent}
          aria-label="Watched toward completing the lesson"
          aria-valuetext={label}
          className="h-1.5"
        />
        {goal.targetPercent !== null ? (
          <span
            aria-hidden="true"
            className="absolute -top-1 h-3.5 w-0.5 rounded bg-slate-700"
            style={{ left: `${goal.targetPercent}%` }}
          />
        ) : null}
      </div>
      <p className="shrink-0 text-xs text-slate-700 tabular-nums" data-testid="watch-goal">
        {completed && goal.targetPercent !== null && !goal.met ? `${label} · completed` : label}
      </p>
    </div>
  )
}
