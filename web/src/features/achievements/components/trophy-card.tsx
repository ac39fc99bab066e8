// One trophy on /achievements: its icon, title and description; an earned one with its date (and course), a locked
// one greyed with a lock and the word "Locked", so the state never rests on colour alone.
import { Link } from '@tanstack/react-router'
import { Lock } from 'lucide-react'
import { cn } from '@/lib/cn'
import { earnedLabel } from '../lib/earned-date'
import type { TrophyItem } from '../lib/trophy-list'
import { AchievementIcon } from './achievement-icon'

export function TrophyCard({ trophy }: { trophy: TrophyItem }) {
  const { earned } = trophy
  return (
    <li
      data-state={earned ? 'earned' : 'locked'}
      className={cn(
        'flex gap-4 rounded-xl border p-4',
        earned ? 'border-teal-200 bg-white' : 'border-dashed border-slate-300 bg-slate-50',
      )}
    >
      <span
        className={cn(
          'flex size-12 shrink-0 items-center justify-center rounded-full',
          earned ? 'bg-teal-100 text-teal-800' : 'bg-slate-200 text-slate-500',
        )}
      >
        <AchievementIcon name={trophy.icon} className="size-6" />
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className={cn('font-semibold', earned ? 'text-slate-900' : 'text-slate-700')}>{trophy.title}</h2>
        <p className="text-sm text-slate-600">{trophy.description}</p>
        {earned ? (
          <p className="text-sm font-medium text-teal-800">
            {earnedLabel(earned.earned_at)}
            {earned.course ? (
              <>
                {' · '}
                <Link to="/courses/$slug" params={{ slug: earned.course.slug }} className="underline">
                  {earned.course.title}
                </Link>
              </>
            ) : null}
          </p>
        ) : (
          <p className="flex items-center gap-1 text-sm font-medium text-slate-600">
            <Lock aria-hidden="true" className="size-4" />
            Locked
          </p>
        )}
      </div>
    </li>
  )
}
