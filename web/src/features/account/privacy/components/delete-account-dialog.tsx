// "Delete my account" behind a Radix AlertDialog that says what goes and what can block it, and stays locked until
// the user types their email address. The call goes through the shared step-up guard; a refusal (last owner of a
// school, a mismatch, no second factor) is shown in the dialog as a sentence.
import { useId, useState, type FormEvent } from 'react'
import { AlertDialog } from 'radix-ui'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { SubmitButton } from '@/components/submit-button'
import { useDeleteAccount, type StepUpGuard } from '../api/privacy.mutations'
import { describeDeleteError } from '../lib/delete-error'

interface DeleteAccountDialogProps {
  email: string
  /** The shared step-up guard (useStepUp().guard). */
  guard: StepUpGuard
  /** Runs after the account is deleted and this browser signed out. */
  onDeleted: () => void
}

/** Whether the typed text confirms the deletion: the account's email exactly (surrounding spaces aside). */
export function confirmsDeletion(typed: string, email: string): boolean {
  return email !== '' && typed.trim() === email
}

export function DeleteAccountDialog({ email, guard, onDeleted }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const deleteAccount = useDeleteAccount(guard, onDeleted)
  const formId = useId()
  const confirmed = confirmsDeletion(typed, email)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!confirmed || deleteAccount.isPending) return
    deleteAccount.mutate(typed.trim())
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        // Not while the deletion runs: the answer must be seen.
        if (deleteAccount.isPending) return
        setOpen(next)
        if (next) {
          setTyped('')
          deleteAccount.reset()
        }
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button className="self-start bg-red-700 hover:bg-red-800">Delete my account</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Delete your account?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="flex flex-col gap-2 text-sm text-slate-700">
              <p>This cannot be undone. Deleting your account removes for good:</p>
              <ul className="list-disc pl-5">
                <li>your profile and profile picture</li>
                <li>your enrollments, progress and study activity</li>
                <li>your notes, questions and answers</li>
                <li>your certificates: their codes stop verifying</li>
              </ul>
              <p>
                If you are the only owner of a school, make someone else an owner first; until then the account cannot
                be deleted.
              </p>
            </div>
          </AlertDialog.Description>
          <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
            <Field
              label="Type your email address to confirm"
              hint={
                <>
                  Your account's email address is <span className="font-medium break-all">{email}</span>.
                </>
              }
            >
              <Input
                type="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </Field>
            {deleteAccount.isError ? <Alert tone="error">{describeDeleteError(deleteAccount.error)}</Alert> : null}
            <div className="flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <Button variant="outline" disabled={deleteAccount.isPending}>
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              {/* A submit button, not AlertDialog.Action: that would close the dialog before the answer. */}
              <SubmitButton
                busy={deleteAccount.isPending}
                disabled={!confirmed}
                className="bg-red-700 hover:bg-red-800"
              >
                Delete my account for good
              </SubmitButton>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
