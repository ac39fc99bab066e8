// One passkey: its name, when it was added and last used, and Rename (inline) and Remove (confirmed).
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import type { Passkey } from '../api/passkeys.api'
import { useRemovePasskey, useRenamePasskey } from '../api/security.mutations'
import { formatAddedOn } from '../lib/dates'
import { securityErrorMessage } from '../lib/security-errors'
import { passkeyNameSchema, type PasskeyNameValues } from '../schemas/security.schemas'
import { ConfirmDialog } from './confirm-dialog'
import { FormError } from '@/components/form-error'

export function PasskeyRow({ userId, passkey }: { userId: string; passkey: Passkey }) {
  const [renaming, setRenaming] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const remove = useRemovePasskey(userId)
  const name = passkey.friendly_name || 'Passkey'

  return (
    <li className="flex flex-col gap-3 p-3">
      {renaming ? (
        <RenameForm userId={userId} passkey={passkey} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-col">
            <span className="font-medium break-words text-slate-900">{name}</span>
            <span className="text-sm text-slate-600">
              Added {formatAddedOn(passkey.created_at)}
              {passkey.last_used_at ? ` · last used ${formatAddedOn(passkey.last_used_at)}` : ''}
            </span>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => setRenaming(true)} aria-label={`Rename ${name}`}>
              Rename
            </Button>
            <Button variant="outline" onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${name}?`}
        description="You won’t be able to sign in with this passkey any more. The device may still list it; you can delete it there too."
        action="Remove passkey"
        onConfirm={() => remove.mutateAsync(passkey.id)}
        errorText={securityErrorMessage}
      />
    </li>
  )
}

function RenameForm({ userId, passkey, onDone }: { userId: string; passkey: Passkey; onDone: () => void }) {
  const [formError, setFormError] = useState<string | null>(null)
  const rename = useRenamePasskey(userId)
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PasskeyNameValues>({
    resolver: zodResolver(passkeyNameSchema),
    defaultValues: { name: passkey.friendly_name ?? '' },
  })
  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus])

  const onSubmit = handleSubmit(async ({ name }) => {
    setFormError(null)
    try {
      await rename.mutateAsync({ passkeyId: passkey.id, friendlyName: name })
      onDone()
    } catch (error) {
      setFormError(securityErrorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Rename passkey">
      <FormError message={formError} />
      <Field label="New name" error={errors.name?.message}>
        <Input autoComplete="off" maxLength={60} {...register('name')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting}>Save name</SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
