// A form field: label, the control (its only child), an optional hint and the error message. The
// control receives `id`, `aria-invalid` and `aria-describedby` (hint + error) through Slot (`slot.tsx`),
// so any input-like element works:
//   <Field label="Email" error={errors.email?.message}><Input type="email" {...register('email')} /></Field>
import { useId, type ReactNode } from 'react'
import { Slot } from './slot'
import { CircleAlert } from 'lucide-react'
import { cn } from '@/lib/cn'
import { Label } from './label'

export interface FieldProps {
  label: ReactNode
  /** The message shown under the control; also marks the control invalid. */
  error?: string | undefined
  hint?: ReactNode
  /** Defaults to a generated id. */
  id?: string
  className?: string
  children: ReactNode
}

export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const hintId = `${controlId}-hint`
  const errorId = `${controlId}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      <Slot id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  )
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  )
}
