// An inline message box. `error` uses role="alert" (announced at once); `info` and `success` use
// role="status" (announced politely). Use for form-level errors and "check your inbox" notices.
import type { ComponentProps, ReactNode } from 'react'
import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import { cn } from '@/lib/cn'

const tones = {
  error: { className: 'border-red-200 bg-red-50 text-red-900', icon: CircleAlert, role: 'alert' },
  info: { className: 'border-sky-200 bg-sky-50 text-sky-900', icon: Info, role: 'status' },
  success: { className: 'border-teal-200 bg-teal-50 text-teal-900', icon: CircleCheck, role: 'status' },
} as const

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  tone?: keyof typeof tones
  title?: ReactNode
}

export function Alert({ tone = 'info', title, className, children, ...props }: AlertProps) {
  const { className: toneClass, icon: Icon, role } = tones[tone]
  return (
    <div role={role} className={cn('flex gap-3 rounded-lg border p-3 text-sm', toneClass, className)} {...props}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  )
}
