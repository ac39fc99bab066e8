// "Have a link? Paste it": for invite-only courses. Takes the whole invite URL or the bare token and opens the
// invite page (/invite/$token), where the learner sees the course and accepts.
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { useNavigate } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { inviteLinkSchema, type InviteLinkInput, type InviteLinkValues } from '../schemas/invite-link.schema'

export function InviteLinkForm() {
  const navigate = useNavigate()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InviteLinkInput, unknown, InviteLinkValues>({
    resolver: zodResolver(inviteLinkSchema),
    defaultValues: { link: '' },
  })

  const onSubmit = handleSubmit(({ link: token }) => navigate({ to: '/invite/$token', params: { token } }))

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <Field label="Have a link? Paste it" error={errors.link?.message}>
        <Input
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder="https://…/invite/…"
          {...register('link')}
        />
      </Field>
      <Button type="submit" variant="outline">
        Open the invite
      </Button>
    </form>
  )
}
