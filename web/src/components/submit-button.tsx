// A form's submit button with a busy state: disabled, a spinner and `aria-busy` while the request
// runs, so a double click cannot send twice and screen readers hear that something is happening.
import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

interface SubmitButtonProps extends Omit<ButtonProps, 'children'> {
  busy: boolean
  children: ReactNode
}

export function SubmitButton({ busy, children, disabled, type = 'submit', ...props }: SubmitButtonProps) {
  return (
    <Button type={type} disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy ? <Spinner /> : null}
      {children}
    </Button>
  )
}
