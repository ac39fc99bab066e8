// One member on the members page: name, email (owners see emails), role. Owners change the role in place and
// remove members; everyone can leave. Refusals (no second factor, the last owner) show under the row as sentences
// and the role select returns to what the database kept.
import { useId, useState } from 'react'
import { LogOut, UserMinus } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { Member, SchoolRole } from '../api/members.api'
import { useChangeMemberRole, useRemoveMember } from '../api/members.mutations'
import { memberErrorMessage } from '../lib/member-errors'
import { RoleSelect, roleLabels } from './role-select'

interface MemberRowProps {
  schoolId: string
  member: Member
  /** Who is looking at the page. */
  viewerId: string
  canManage: boolean
  onLeft: () => void
}

export function MemberRow({ schoolId, member, viewerId, canManage, onLeft }: MemberRowProps) {
  const isMe = member.user_id === viewerId
  const changeRole = useChangeMemberRole(schoolId)
  const remove = useRemoveMember(schoolId, viewerId)
  const [error, setError] = useState<string | null>(null)
  const selectId = useId()
  const busy = changeRole.isPending || remove.isPending

  const onRole = (role: SchoolRole) => {
    setError(null)
    changeRole.mutate({ userId: member.user_id, role }, { onError: (e) => setError(memberErrorMessage('role', e)) })
  }
  const onRemove = () => {
    setError(null)
    remove.mutate(member.user_id, {
      onSuccess: () => (isMe ? onLeft() : undefined),
      onError: (e) => setError(memberErrorMessage(isMe ? 'leave' : 'remove', e)),
    })
  }

  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <p className="font-medium break-words text-slate-900">
            {member.display_name}
            {isMe ? <span className="text-slate-600"> (you)</span> : null}
          </p>
          {member.email ? <p className="text-sm break-all text-slate-600">{member.email}</p> : null}
        </div>
        {canManage ? (
          <div className="w-40">
            <label htmlFor={selectId} className="sr-only">
              Role of {member.display_name}
            </label>
            <RoleSelect
              id={selectId}
              value={changeRole.isPending ? changeRole.variables.role : member.role}
              disabled={busy}
              onChange={(event) => onRole(event.target.value as SchoolRole)}
            />
          </div>
        ) : (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
            {roleLabels[member.role]}
          </span>
        )}
        {canManage || isMe ? (
          <Button
            variant="outline"
            onClick={onRemove}
            disabled={busy}
            aria-busy={remove.isPending || undefined}
            aria-label={isMe ? 'Leave school' : `Remove ${member.display_name}`}
          >
            {remove.isPending ? (
              <Spinner />
            ) : isMe ? (
              <LogOut aria-hidden="true" className="size-4" />
            ) : (
              <UserMinus aria-hidden="true" className="size-4" />
            )}
            {isMe ? 'Leave school' : 'Remove'}
          </Button>
        ) : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </li>
  )
}
