// A destructive action behind a confirmation. The button is the page's; the confirmation (./confirm-dialog, Radix
// AlertDialog) loads on its first opening or once the page has loaded, and starts afresh at every opening (no
// refusal left from the last one).
import { useRef, useState } from 'react'
import { lazyOverlay } from '@/components/lazy-overlay'
import { Button, type ButtonProps } from '@/components/ui/button'
import type { ConfirmDialogProps } from './confirm-dialog'

const ConfirmDialog = lazyOverlay(() => import('./confirm-dialog').then((m) => m.ConfirmDialog))

interface ConfirmButtonProps extends Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'trigger'> {
  /** The trigger's text; where several triggers read alike, the accessible name also says what it applies to. */
  label: string
  accessibleLabel?: string
  /** The trigger's look (outline by default). */
  variant?: ButtonProps['variant']
}

export function ConfirmButton({ label, accessibleLabel, variant = 'outline', ...dialog }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false)
  const [openings, setOpenings] = useState(0)
  const trigger = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={trigger}
        variant={variant}
        aria-label={accessibleLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpenings((count) => count + 1)
          setOpen(true)
        }}
      >
        {label}
      </Button>
      <ConfirmDialog key={openings} {...dialog} open={open} onOpenChange={setOpen} trigger={trigger} />
    </>
  )
}
