// A small "are you sure?" dialog for removing a factor or a passkey: a title, a sentence, the action
// (busy while it runs) and Cancel, which has the focus first.
import { useState, type ReactNode } from 'react'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'

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
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await onConfirm()
      onOpenChange(false)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null)
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
          <SubmitButton
            type="button"
            busy={busy}
            className="bg-red-700 hover:bg-red-800"
            onClick={() => void confirm()}
          >
            {action}
          </SubmitButton>
        </div>
      </DialogContent>
    </Dialog>
  )
}
