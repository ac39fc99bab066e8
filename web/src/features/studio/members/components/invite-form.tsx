// "Invite a member" for owners: an email address and a role. The invite-member function records the invitation and
// emails the person; the form says what happened (invited, or already a member) and shows refusals beside their
// field. The typed address stays in the field when sending fails, so nothing is lost on a network drop.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import * as z from 'zod/mini'
import { Alert } from '@/components/ui/alert'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { MemberError } from '../api/members.api'
import { useInviteMember } from '../api/members.mutations'
import { memberErrorMessage } from '../lib/member-errors'
import { RoleSelect } from './role-select'

const inviteSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'Enter the email address to invite.')),
    z.email('Enter a valid email address.'),
  ),
  role: z.enum(['owner', 'instructor']),
})
type InviteValues = z.infer<typeof inviteSchema>

export function InviteForm({ schoolId }: { schoolId: string }) {
  const invite = useInviteMember(schoolId)
  const [formError, setFormError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'instructor' },
  })

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    setDone(null)
    try {
      const answer = await invite.mutateAsync(values)
      setDone(
        answer.status === 'already_member'
          ? `${answer.email} is already a member of this school.`
          : `Invitation sent to ${answer.email}. They join as ${answer.role} once they accept it in the studio.`,
      )
      form.reset({ email: '', role: values.role })
    } catch (error) {
      if (error instanceof MemberError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'email' || field === 'role') form.setError(field, { message })
        }
        if (error.fields.email || error.fields.role) return
      }
      setFormError(memberErrorMessage('invite', error))
    }
  })

  return (
    <section aria-labelledby="invite-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="invite-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Invite a member
      </h2>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <Field label="Email address" error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </Field>
          <Field label="Role" error={form.formState.errors.role?.message}>
            <RoleSelect {...form.register('role')} />
          </Field>
        </div>
        <FormError message={formError} />
        {done ? <Alert tone="success">{done}</Alert> : null}
        <div>
          <SubmitButton busy={invite.isPending}>Send invitation</SubmitButton>
        </div>
      </form>
    </section>
  )
}
