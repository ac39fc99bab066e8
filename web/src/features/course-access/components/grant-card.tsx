// One invite link or access code in its panel's list: its state (active, expired, used up, revoked), when it was
// made and expires, its uses, domains and cohort, and Revoke while it still works. The secret itself is never here.
import type { Cohort } from '../api/cohorts.api'
import type { Grant } from '../api/grants.api'
import { formatDateTime } from '../lib/date-time'
import { grantState, grantStateLabels, usesLabel, type GrantState } from '../lib/grant-state'
import { cohortName } from './cohort-select'
import { ConfirmButton } from '@/components/confirm-button'
import { Facts, ListCard } from './panel'

const stateStyles: Record<GrantState, string> = {
  active: 'bg-teal-50 text-teal-900 ring-teal-200',
  expired: 'bg-amber-50 text-amber-900 ring-amber-200',
  used_up: 'bg-slate-100 text-slate-800 ring-slate-300',
  revoked: 'bg-red-50 text-red-900 ring-red-200',
}

const nouns = { invite: 'Invite link', code: 'Access code' } as const

interface GrantCardProps {
  kind: keyof typeof nouns
  grant: Grant
  cohorts: Cohort[] | undefined
  /** Invite links only: null for anyone. */
  domains?: string[] | null
  onRevoke: () => Promise<unknown>
}

export function GrantCard({ kind, grant, cohorts, domains, onRevoke }: GrantCardProps) {
  const state = grantState(grant)
  const created = formatDateTime(grant.createdAt)
  const noun = nouns[kind]
  const facts: [string, string][] = [
    ['Expires', grant.expiresAt ? formatDateTime(grant.expiresAt) : 'Never'],
    ['Uses', usesLabel(grant.uses, grant.maxUses)],
  ]
  if (kind === 'invite') facts.push(['Email domains', domains?.join(', ') ?? 'Anyone'])
  facts.push(['Cohort', cohortName(cohorts, grant.cohortId)])
  if (grant.revokedAt) facts.push(['Revoked', formatDateTime(grant.revokedAt)])

  return (
    <ListCard>
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span>
            {noun} created {created}
          </span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${stateStyles[state]}`}>
            {grantStateLabels[state]}
          </span>
        </h3>
        <Facts items={facts} />
      </div>
      {state === 'revoked' ? null : (
        <ConfirmButton
          label="Revoke"
          accessibleLabel={`Revoke the ${noun.toLowerCase()} created ${created}`}
          title={`Revoke this ${noun.toLowerCase()}?`}
          description={
            <p>
              It stops working at once. The {grant.uses === 1 ? 'learner' : 'learners'} it already enrolled stay
              enrolled. This cannot be undone.
            </p>
          }
          confirmLabel="Revoke"
          onConfirm={onRevoke}
        />
      )}
    </ListCard>
  )
}
