// The members page of a school (/studio/schools/$schoolId/members): its roster with roles (owners also see emails,
// change roles, remove members and invite), a way for anyone to leave, and the owners' pending invitations.
import { Suspense } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, Users } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { memberQueries } from '../api/members.queries'
import type { MembersSchool } from '../api/members.api'
import { LazyInviteForm } from './lazy-invite-form'
import { MemberRow } from './member-row'
import { PendingInvitations } from './pending-invitations'

export function MembersPage({ school, userId }: { school: MembersSchool; userId: string }) {
  const { data: members } = useSuspenseQuery(memberQueries.roster(school.id))
  const navigate = useNavigate()
  const isOwner = school.role === 'owner'

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link to="/studio" className="flex items-center gap-1 text-sm text-teal-800 underline-offset-2 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Studio
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
          Members of {school.name}
        </h1>
        <p className="text-slate-600">
          {isOwner
            ? 'Owners manage the school and its members; instructors write and run its courses.'
            : 'Only the school’s owners invite members and change roles.'}
        </p>
      </div>
      {isOwner ? <LazyInviteForm schoolId={school.id} /> : null}
      <section aria-labelledby="members-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
          Members
        </h2>
        {members.length === 0 ? (
          <EmptyState icon={Users} title="No members to show" as="h3">
            <p>Invite someone to teach here with the form above.</p>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200">
            {members.map((member) => (
              <MemberRow
                key={member.user_id}
                schoolId={school.id}
                member={member}
                viewerId={userId}
                canManage={isOwner}
                onLeft={() => void navigate({ to: '/studio' })}
              />
            ))}
          </ul>
        )}
      </section>
      {isOwner ? (
        <Suspense fallback={<Skeleton className="h-24 w-full" />}>
          <PendingInvitations schoolId={school.id} />
        </Suspense>
      ) : null}
    </div>
  )
}
