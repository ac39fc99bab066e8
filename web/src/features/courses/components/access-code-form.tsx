// The code field of an access-code course: 8 characters, any case, checked for typos before it is sent; a wrong or
// expired code and too many attempts (with the wait) are said next to the field, other refusals above the form.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorCode } from '@/lib/errors'
import { useRedeemCode } from '../api/enroll.mutations'
import { enrollErrorMessage } from '../lib/enroll-error'
import { accessCodeSchema, type AccessCodeInput, type AccessCodeValues } from '../schemas/access-code.schema'

/** Refusals about the code itself belong next to the field; the rest concern the course or the account. */
const fieldCodes = new Set(['code_invalid', 'rate_limited', 'validation_failed'])

export function AccessCodeForm({ slug }: { slug: string }) {
  const redeem = useRedeemCode()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccessCodeInput, unknown, AccessCodeValues>({
    resolver: zodResolver(accessCodeSchema),
    defaultValues: { code: '' },
  })

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null)
    try {
      await redeem.mutateAsync({ slug, code })
    } catch (error) {
      const message = enrollErrorMessage(error)
      if (fieldCodes.has(errorCode(error) ?? '')) setError('code', { message }, { shouldFocus: true })
      else setFormError(message)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <FormError message={formError} />
      <Field
        label="Access code"
        hint="8 letters and digits, as your instructor gave it. Upper or lower case both work."
        error={errors.code?.message}
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={20}
          placeholder="ABCD2345"
          className="font-mono tracking-widest uppercase placeholder:tracking-widest"
          {...register('code')}
        />
      </Field>
      <SubmitButton busy={isSubmitting}>{isSubmitting ? 'Checking the code…' : 'Join the course'}</SubmitButton>
    </form>
  )
}
