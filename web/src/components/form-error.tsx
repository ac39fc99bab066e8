// A form-level error (the request failed, not one field): an alert that takes focus when it appears,
// so keyboard users are not left on the submit button wondering what happened.
import { useEffect, useRef } from 'react'
import { Alert } from '@/components/ui/alert'

export function FormError({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message) ref.current?.focus()
  }, [message])
  if (!message) return null
  return (
    <Alert ref={ref} tabIndex={-1} tone="error" className="focus:outline-none">
      {message}
    </Alert>
  )
}
