// Passkeys: sign in with the device's screen lock instead of a password (and they count as a second
// factor). List, add (named after the device, editable), rename, remove. Only on the relying party's host;
// elsewhere a sentence says where to go instead.
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Fingerprint } from 'lucide-react'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useAddPasskey } from '../api/security.mutations'
import { securityQueries } from '../api/security.queries'
import { deviceName } from '../lib/device-name'
import { currentPasskeySupport, passkeyHostUrl, passkeyRpId } from '../lib/passkey-support'
import { securityErrorMessage } from '../lib/security-errors'
import { passkeyNameSchema, type PasskeyNameValues } from '../schemas/security.schemas'
import { PasskeyRow } from './passkey-row'

export function PasskeysSection({ userId }: { userId: string }) {
  const support = currentPasskeySupport()
  const passkeys = useQuery({ ...securityQueries.passkeys(userId), enabled: support.ok })
  const [adding, setAdding] = useState(false)

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        A passkey signs you in with your fingerprint, face or screen lock instead of a password, and counts as your
        second step.
      </p>
      {!support.ok ? (
        <Alert tone="info" title="Passkeys can’t be added here">
          {support.reason === 'unsupported' ? (
            <p>This browser doesn’t support passkeys. Try a recent version of Chrome, Edge, Firefox or Safari.</p>
          ) : (
            <p>
              Passkeys belong to the address <span className="font-medium">{passkeyRpId}</span>, and this page is open
              at another one. Open{' '}
              <a className="font-medium underline" href={passkeyHostUrl(window.location)}>
                this page at {passkeyRpId}
              </a>{' '}
              (you’ll sign in again there) to manage your passkeys.
            </p>
          )}
        </Alert>
      ) : passkeys.isPending ? (
        <div role="status" aria-label="Loading your passkeys">
          <Skeleton className="h-14" />
        </div>
      ) : passkeys.isError ? (
        <Alert tone="error" title="We couldn’t load your passkeys">
          <p>{securityErrorMessage(passkeys.error)}</p>
          <Button variant="outline" className="mt-2" onClick={() => void passkeys.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : passkeys.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
          You have no passkeys yet.
        </p>
      ) : (
        <ul
          aria-label="Your passkeys"
          className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} userId={userId} passkey={passkey} />
          ))}
        </ul>
      )}
      {support.ok ? (
        adding ? (
          <AddPasskeyForm userId={userId} onDone={() => setAdding(false)} />
        ) : (
          <div>
            <Button variant="outline" onClick={() => setAdding(true)}>
              <Fingerprint aria-hidden="true" className="size-4" />
              Add a passkey
            </Button>
          </div>
        )
      ) : null}
    </div>
  )
}

function AddPasskeyForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const [formError, setFormError] = useState<string | null>(null)
  const add = useAddPasskey(userId)
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PasskeyNameValues>({
    resolver: zodResolver(passkeyNameSchema),
    defaultValues: { name: deviceName(navigator.userAgent) },
  })
  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus])

  const onSubmit = handleSubmit(async ({ name }) => {
    setFormError(null)
    try {
      await add.mutateAsync(name)
      onDone()
    } catch (error) {
      setFormError(securityErrorMessage(error))
    }
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4"
      aria-label="Add a passkey"
    >
      <FormError message={formError} />
      <Field label="Passkey name" hint="Named after this device; change it if you like." error={errors.name?.message}>
        <Input autoComplete="off" maxLength={60} {...register('name')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting}>Create passkey</SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
