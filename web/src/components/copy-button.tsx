// A button that copies text to the clipboard and says so ("Copied") for a moment, politely announced.
import { useEffect, useState } from 'react'
import { Check, Copy } from 'lucide-react'
import { Button, type ButtonProps } from '@/components/ui/button'

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  text: string
  label: string
}

export function CopyButton({ text, label, variant = 'outline', ...props }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2500)
    return () => clearTimeout(timer)
  }, [state])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <>
      <Button variant={variant} onClick={() => void copy()} {...props}>
        {state === 'copied' ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {label}
      </Button>
      <span aria-live="polite" className="sr-only">
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Could not copy; select the text and copy it.' : ''}
      </span>
    </>
  )
}
