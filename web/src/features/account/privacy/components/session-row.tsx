// One session in the list: an icon for the kind of device, "Chrome on Windows", the IP and when it was last active
// (the exact time in a tooltip), "This device" for the current one and "Sign out" for the others.
import { HelpCircle, Monitor, Smartphone, Tablet } from 'lucide-react'
import { SubmitButton } from '@/components/submit-button'
import type { AccountSession } from '../api/privacy.api'
import { exactTime, lastActiveLabel } from '../lib/last-active'
import { describeUserAgent, parseUserAgent, type DeviceKind } from '../lib/user-agent'

const deviceIcons: Record<DeviceKind, typeof Monitor> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  unknown: HelpCircle,
}

interface SessionRowProps {
  session: AccountSession
  busy: boolean
  onSignOut: () => void
}

export function SessionRow({ session, busy, onSignOut }: SessionRowProps) {
  const label = describeUserAgent(session.userAgent)
  const Icon = deviceIcons[parseUserAgent(session.userAgent).device]
  const lastActive = lastActiveLabel(session.lastActiveAt)
  const exact = exactTime(session.lastActiveAt)

  return (
    <li
      aria-label={session.isCurrent ? `${label}, this device` : label}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3 sm:flex-nowrap"
    >
      <Icon aria-hidden="true" className="size-6 shrink-0 text-slate-500" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{label}</span>
          {session.isCurrent ? (
            <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-800 ring-1 ring-teal-200">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm break-all text-slate-600">
          {session.ip ? <>IP {session.ip} · </> : null}
          {lastActive === 'Active now' ? (
            <time dateTime={session.lastActiveAt} title={exact}>
              Active now
            </time>
          ) : (
            <>
              Last active{' '}
              <time dateTime={session.lastActiveAt} title={exact}>
                {lastActive}
              </time>
            </>
          )}
          <span className="sr-only"> ({exact})</span>
        </p>
      </div>
      {session.isCurrent ? null : (
        <SubmitButton
          type="button"
          variant="outline"
          busy={busy}
          onClick={onSignOut}
          aria-label={`Sign out ${label}, ${lastActive === 'Active now' ? 'active now' : `last active ${lastActive}`}`}
        >
          Sign out
        </SubmitButton>
      )}
    </li>
  )
}
