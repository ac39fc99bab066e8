// The security part of /account (id "security", so /account#security links land here): password change,
// two-step verification with an authenticator app and recovery codes, and passkeys. Loaded lazily by the
// account route; scrolls itself into view when the address asks for it, since it arrives after the page.
import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { SecurityToolsContext, type Guard, type PasswordTools } from '../lib/security-tools'
import { PasswordChangeForm } from './password-change-form'
import { PasskeysSection } from './passkeys-section'
import { TotpSection } from './totp-section'

export interface SecuritySectionProps {
  userId: string
  email: string | undefined
  displayName?: string | undefined
  /** The app's step-up guard (useStepUp().guard). */
  guard: Guard
  /** The new-password kit (features/auth/password). */
  password: PasswordTools
}

export function SecuritySection({ userId, email, displayName, guard, password }: SecuritySectionProps) {
  const tools = useMemo(() => ({ guard, password }), [guard, password])
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (window.location.hash === '#security') ref.current?.scrollIntoView()
  }, [])

  return (
    <SecurityToolsContext.Provider value={tools}>
      <section
        ref={ref}
        id="security"
        aria-labelledby="security-heading"
        className="flex scroll-mt-20 flex-col gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="security-heading" className="text-lg font-semibold text-slate-900">
          Security
        </h2>
        <Part title="Password">
          <PasswordChangeForm email={email} displayName={displayName} />
        </Part>
        <Part title="Two-step verification">
          <TotpSection userId={userId} email={email} />
        </Part>
        <Part title="Passkeys">
          <PasskeysSection userId={userId} />
        </Part>
      </section>
    </SecurityToolsContext.Provider>
  )
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-5 first-of-type:border-t-0 first-of-type:pt-0">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  )
}
