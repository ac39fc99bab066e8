// Display name and time zone. The zone list is every IANA zone the browser knows; when the saved zone
// differs from the browser's, a button offers the browser's (streaks count days in this zone).
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { errorCode, errorMessage } from '@/lib/errors'
import type { Profile } from '../api/profile.api'
import { useUpdateProfile } from '../api/profile.mutations'
import { browserTimeZone, profileSchema, timeZoneOptions, type ProfileValues } from '../schemas/profile.schemas'

export function ProfileForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile(profile.id)
  const [saved, setSaved] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [zones] = useState(() => timeZoneOptions(profile.timezone))
  const browserZone = browserTimeZone()
  const {
    register,
    handleSubmit,
    setValue,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { displayName: profile.display_name, timezone: profile.timezone },
  })
  const timezone = useWatch({ control, name: 'timezone' })

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false)
    setFormError(null)
    try {
      const next = await updateProfile.mutateAsync({ display_name: values.displayName, timezone: values.timezone })
      reset({ displayName: next.display_name, timezone: next.timezone })
      setSaved(true)
    } catch (error) {
      // 23514: a check constraint; the form mirrors them, so this is the time zone the server rejected.
      if (errorCode(error) === '23514' && /timezone/.test(String((error as Error).message))) {
        setError('timezone', { message: 'Choose a time zone from the list.' }, { shouldFocus: true })
      } else setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" onChange={() => setSaved(false)}>
      <FormError message={formError} />
      <Field
        label="Display name"
        hint="Shown to instructors and on your certificates."
        error={errors.displayName?.message}
      >
        <Input autoComplete="name" maxLength={60} {...register('displayName')} />
      </Field>
      <Field
        label="Time zone"
        hint="Your study days and streaks are counted in this time zone."
        error={errors.timezone?.message}
      >
        <select
          className="h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600"
          {...register('timezone')}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      </Field>
      {timezone !== browserZone && zones.includes(browserZone) ? (
        <p className="-mt-2 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          Your device is set to {browserZone.replaceAll('_', ' ')}.
          <Button
            variant="ghost"
            className="h-auto px-1 py-1 text-teal-800 underline underline-offset-2"
            onClick={() => setValue('timezone', browserZone, { shouldDirty: true })}
          >
            Use {browserZone.replaceAll('_', ' ')}
          </Button>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={isSubmitting} disabled={!isDirty}>
          Save profile
        </SubmitButton>
        <div aria-live="polite">{saved && !isDirty ? <Alert tone="success">Profile saved.</Alert> : null}</div>
      </div>
    </form>
  )
}
