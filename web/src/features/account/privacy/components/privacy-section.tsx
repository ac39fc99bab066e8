// The card every privacy section sits in, matching the profile cards above it: a titled region.
import { useId, type ReactNode } from 'react'

export function PrivacySection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
