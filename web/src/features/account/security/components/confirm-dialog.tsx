// A small "are you sure?" dialog for removing a factor or a passkey: a title, a sentence, the action
// (busy while it runs) and Cancel, which has the focus first.
import type { ReactNode } from 'react'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { useConfirmedAct } from '@/lib/use-confirmed-act'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  action: string
  /** Runs the act; a rejection's sentence is shown in the dialog, which then stays open. */
  onConfirm: () => Promise<void>
  errorText: (error: unknown) => string
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  onConfirm,
  errorText,
}: ConfirmDialogProps) {
  const { busy, error, run, clearError } = useConfirmedAct(onConfirm, () => onOpenChange(false), errorText)

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) clearError()
        onOpenChange(next)
      }}
    >
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <FormError message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <SubmitButton type="button" busy={busy} className="bg-red-700 hover:bg-red-800" onClick={() => void run()}>
            {action}
          </SubmitButton>
        </div>
      </DialogContent>
    </Dialog>
  )
}
