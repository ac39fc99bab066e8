// One calendar item as the views list it: its kind in words with an icon (never colour alone), its time in the
// learner's zone, its title and course, and for a live session that is not over a link to join it.
import { Link } from '@tanstack/react-router'
import { BookOpen, ExternalLink, Flag, Video, type LucideIcon } from 'lucide-react'
import { cn } from '@/lib/cn'
import type { CalendarItem } from '../api/calendar.api'
import { itemDay, itemTime, kindLabels } from '../lib/format'
import type { CalendarKind } from '../schemas/calendar.schemas'

export const kindIcons: Record<CalendarKind, LucideIcon> = { study: BookOpen, live: Video, deadline: Flag }

const kindBorder: Record<CalendarKind, string> = {
  study: 'border-l-teal-600',
  live: 'border-l-sky-600',
  deadline: 'border-l-amber-600',
}

interface CalendarItemRowProps {
  item: CalendarItem
  zone: string
  now?: Date
  /** Narrow columns (the week view) stack the parts. */
  compact?: boolean
  /** Says the day too, where the list is not under a day's heading. */
  withDay?: boolean
}

export function CalendarItemRow({
  item,
  zone,
  now = new Date(),
  compact = false,
  withDay = false,
}: CalendarItemRowProps) {
  const Icon = kindIcons[item.kind]
  const over = Date.parse(item.endsAt ?? item.startsAt) < now.getTime()
  return (
    <li
      data-kind={item.kind}
      className={cn(
        'flex gap-2 rounded-lg border border-l-4 border-slate-200 bg-white p-3',
        kindBorder[item.kind],
        compact ? 'flex-col' : 'flex-wrap items-start sm:flex-nowrap',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm text-slate-700">
          <span className="font-medium">{kindLabels[item.kind]}</span>
          {' · '}
          <time dateTime={item.startsAt}>
            {withDay ? `${itemDay(item.startsAt, zone)}, ` : ''}
            {itemTime(item, zone)}
          </time>
        </p>
        <p className="font-medium break-words text-slate-900">{item.title}</p>
        <p className="text-sm text-slate-600">
          <span className="sr-only">Course: </span>
          <Link
            to="/courses/$slug"
            params={{ slug: item.courseSlug }}
            className="break-words text-teal-800 underline-offset-2 hover:underline"
          >
            {item.courseTitle}
          </Link>
        </p>
      </div>
      {item.kind === 'live' && item.joinUrl && !over ? (
        <a
          href={item.joinUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-10 shrink-0 items-center gap-1.5 self-start rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-100"
        >
          Join
          <span className="sr-only">: {item.title} (opens in a new tab)</span>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : null}
    </li>
  )
}

export function CalendarItemList({
  items,
  zone,
  label,
  compact,
}: {
  items: CalendarItem[]
  zone: string
  label: string
  compact?: boolean
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {items.map((item) => (
        <CalendarItemRow key={`${item.kind}-${item.id}`} item={item} zone={zone} compact={compact ?? false} />
      ))}
    </ul>
  )
}
