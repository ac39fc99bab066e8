// The card shown when a video ends: the next lesson, played by itself after 5 s unless the learner cancels or has
// turned autoplay off (remembered per user, see lib/up-next); a locked next lesson is named with its reason only.
import { useEffect, useId, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Lock, Play } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { previewSearch, usePreviewMode } from '@/lib/courses/preview-mode'
import { AUTOPLAY_DELAY_S, markPlayOnArrival, readAutoplay, writeAutoplay, type UpNext } from '../lib/up-next'

export interface UpNextCardProps {
  slug: string
  next: Exclude<UpNext, { kind: 'none' }>
  userId: string | null
  /** False when the video ended short of the rule: the learner reads why before anything moves on. */
  allowAutoplay: boolean
}

export function UpNextCard({ slug, next, userId, allowAutoplay }: UpNextCardProps) {
  const id = useId()
  const navigate = useNavigate()
  const search = previewSearch(usePreviewMode())
  const [autoplay, setAutoplay] = useState(() => readAutoplay(userId))
  const [cancelled, setCancelled] = useState(false)
  const counting = next.kind === 'open' && allowAutoplay && autoplay && !cancelled
  const [left, setLeft] = useState(AUTOPLAY_DELAY_S)
  const lessonId = next.lesson.id

  useEffect(() => {
    if (!counting) return
    const timer = window.setInterval(() => setLeft((s) => s - 1), 1000)
    return () => window.clearInterval(timer)
  }, [counting])

  useEffect(() => {
    if (!counting || left > 0) return
    markPlayOnArrival(lessonId)
    void navigate({ to: '/learn/$slug/$lessonId', params: { slug, lessonId }, search })
  }, [counting, left, lessonId, navigate, search, slug])

  function choose(on: boolean) {
    setAutoplay(on)
    writeAutoplay(userId, on)
    // Turned (back) on: a full countdown again, never a jump straight to the next lesson.
    if (on) setLeft(AUTOPLAY_DELAY_S)
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex items-start gap-3">
        {next.kind === 'locked' ? (
          <Lock aria-hidden="true" className="mt-1 size-5 shrink-0 text-slate-500" />
        ) : (
          <Play aria-hidden="true" className="mt-1 size-5 shrink-0 text-teal-700" />
        )}
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="text-sm font-medium text-slate-600">
            Up next
          </h2>
          <p className="truncate font-semibold text-slate-900">{next.lesson.title}</p>
          {next.kind === 'locked' ? <p className="text-sm text-slate-600">Locked: {next.reason}.</p> : null}
          {counting ? (
            <p className="text-sm text-slate-700" role="status">
              Playing in {Math.max(0, left)} s
            </p>
          ) : null}
        </div>
      </div>
      {next.kind === 'open' ? (
        <UpNextActions
          id={id}
          slug={slug}
          lessonId={lessonId}
          search={search}
          counting={counting}
          onCancel={() => setCancelled(true)}
          autoplay={autoplay}
          onAutoplayChange={choose}
        />
      ) : null}
    </section>
  )
}

interface UpNextActionsProps {
  /** The card's id, which the autoplay checkbox's id builds on. */
  id: string
  slug: string
  lessonId: string
  search: ReturnType<typeof previewSearch>
  counting: boolean
  onCancel: () => void
  autoplay: boolean
  onAutoplayChange: (on: boolean) => void
}

/** An open next lesson's actions: play it now, cancel the countdown, and the autoplay choice. */
function UpNextActions({ id, slug, lessonId, search, counting, ...props }: UpNextActionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button asChild>
        <Link
          to="/learn/$slug/$lessonId"
          params={{ slug, lessonId }}
          search={search}
          onClick={() => markPlayOnArrival(lessonId)}
        >
          <Play aria-hidden="true" className="size-4" />
          Play now
        </Link>
      </Button>
      {counting ? (
        <Button variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
      ) : null}
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-autoplay`}
          checked={props.autoplay}
          onCheckedChange={(checked) => props.onAutoplayChange(checked === true)}
        />
        <Label htmlFor={`${id}-autoplay`} className="text-sm">
          Play the next lesson automatically
        </Label>
      </div>
    </div>
  )
}
