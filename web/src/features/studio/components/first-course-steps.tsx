// The way from nothing to a first published course, shown where a new creator stands: the studio's empty state
// (step 1, a school) and a school without courses (step 2, its first course). The editor's publishing checklist
// takes over from step 3.
import { Check } from 'lucide-react'
import { cn } from '@/lib/cn'

const steps = [
  'Create your school. You will be its owner.',
  'Create your first course: a title and its web address.',
  'In the course editor, add a section and a lesson (video or text).',
  'Check the publishing checklist (certificates are on) and publish.',
] as const

export function FirstCourseSteps({ current }: { current: 1 | 2 }) {
  return (
    <ol aria-label="Your first course" className="mx-auto flex max-w-md flex-col gap-2 text-left">
      {steps.map((step, index) => {
        const number = index + 1
        const done = number < current
        return (
          <li key={step} className="flex items-start gap-3" aria-current={number === current ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                done ? 'bg-teal-700 text-white' : number === current ? 'bg-teal-100 text-teal-900' : 'bg-slate-100',
              )}
            >
              {done ? <Check className="size-4" /> : number}
            </span>
            <span className={cn('text-slate-700', number === current && 'font-medium text-slate-900')}>
              {step}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
