// A destructive action behind a confirmation (Radix AlertDialog: focus trapped, Cancel focused first, Escape
// cancels). The dialog stays open while the action runs and shows its refusal as a sentence.
import { useState, type ReactNode } from 'react'
import { AlertDialog } from 'radix-ui'
import { Alert } from '@/components/ui/alert'
import { Button, type ButtonProps } from '@/components/ui/button'
import { SubmitButton } from '@/components/submit-button'
import { errorMessage } from '@/lib/errors'
import { useConfirmedAct } from '@/lib/use-confirmed-act'

interface ConfirmButtonProps {
  /** The trigger's text; where several triggers read alike, the accessible name also says what it applies to. */
  label: string
  accessibleLabel?: string
  /** The trigger's look (outline by default). */
  variant?: ButtonProps['variant']
  title: string
  description: ReactNode
  confirmLabel: string
  onConfirm: () => Promise<unknown>
  /** A refusal's sentence; errorMessage by default. */
  describeError?: (error: unknown) => string
}

export function ConfirmButton(props: ConfirmButtonProps) {
  const { label, accessibleLabel, variant = 'outline', title, description, confirmLabel, onConfirm } = props
  const { describeError = errorMessage } = props
  const [open, setOpen] = useState(false)
  const { busy, error, run, clearError } = useConfirmedAct(onConfirm, () => setOpen(false), describeError)

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) clearError()
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant={variant} aria-label={accessibleLabel}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="text-sm text-slate-700">{description}</div>
          </AlertDialog.Description>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the answer is known. */}
            <SubmitButton type="button" busy={busy} className="bg-red-700 hover:bg-red-800" onClick={() => void run()}>
              {confirmLabel}
            </SubmitButton>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
