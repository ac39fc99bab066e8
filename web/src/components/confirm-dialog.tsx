// The confirmation of a ConfirmButton (Radix AlertDialog: focus trapped, Cancel focused first, Escape cancels),
// loaded on its first opening or once the page has loaded (./confirm-button keeps the trigger). It stays open while
// the action runs and shows its refusal as a sentence; closing it puts focus back on the trigger.
import type { ReactNode, RefObject } from 'react'
import { AlertDialog } from 'radix-ui'
import { focusTriggerOnClose } from '@/components/lazy-overlay'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/submit-button'
import { errorMessage } from '@/lib/errors'
import { useConfirmedAct } from '@/lib/use-confirmed-act'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: RefObject<HTMLButtonElement | null>
  title: string
  description: ReactNode
  confirmLabel: string
  onConfirm: () => Promise<unknown>
  /** A refusal's sentence; errorMessage by default. */
  describeError?: (error: unknown) => string
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, trigger, title, description, confirmLabel, onConfirm } = props
  const { busy, error, run } = useConfirmedAct(
    onConfirm,
    () => onOpenChange(false),
    props.describeError ?? errorMessage,
  )

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-6 shadow-xl"
          onCloseAutoFocus={focusTriggerOnClose(trigger)}
        >
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
