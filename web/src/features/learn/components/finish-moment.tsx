// The completion moment (a Radix dialog): a celebration when every lesson is done (with what the route composes in:
// the certificate, what to take next), otherwise how many are left and a link to the first of them. Loaded on its
// first opening (the route renders it through lazyOverlay); `useFinishMoment` in ./finish-course decides when.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Dialog } from 'radix-ui'
import { PartyPopper, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { lessonsInOrder } from '@/lib/courses/lessons'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { courseDone } from './finish-course'

export interface FinishMomentProps {
  outline: CourseOutline
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Shown once every lesson is done (features cannot import each other: the route passes it). */
  finished?: ReactNode
}

export function FinishMoment({ outline, open, onOpenChange, finished }: FinishMomentProps) {
  const slug = outline.course.slug
  const remaining = lessonsInOrder(outline).filter((lesson) => lesson.progress?.status !== 'completed')
  const done = courseDone(outline)
  const firstOpen = remaining.find((lesson) => lesson.available) ?? null

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto items-center gap-4 rounded-xl bg-white p-6 text-center shadow-xl">
          <Dialog.Close
            aria-label="Close"
            className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          <PartyPopper aria-hidden="true" className={done ? 'size-12 text-amber-500' : 'size-12 text-slate-400'} />
          <Dialog.Title className="text-xl font-semibold text-slate-900">
            {done ? 'You finished the course!' : 'You reached the last lesson'}
          </Dialog.Title>
          <Dialog.Description className="text-slate-600">
            {done
              ? `Congratulations: every lesson of ${outline.course.title} is complete.`
              : `${remaining.length} ${remaining.length === 1 ? 'lesson is' : 'lessons are'} still open. Complete them to finish ${outline.course.title}.`}
          </Dialog.Description>
          <Progress value={outline.progress.percent} aria-label="Course progress" className="w-full" />
          {done ? finished : null}
          <div className="flex flex-wrap justify-center gap-3">
            {!done && firstOpen ? (
              <Button asChild>
                <Link to="/learn/$slug/$lessonId" params={{ slug, lessonId: firstOpen.id }}>
                  Go to {firstOpen.title}
                </Link>
              </Button>
            ) : null}
            <Button asChild variant={done ? 'primary' : 'outline'}>
              <Link to="/courses/$slug" params={{ slug }}>
                Back to the course
              </Link>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
