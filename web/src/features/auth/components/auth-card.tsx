// The frame of every auth screen: a centred card with the page's h1, a sentence under it and the
// form. The heading can take focus so a screen that changes state (e.g. "check your inbox") can move
// keyboard and screen-reader users to the new text.
import type { ReactNode, Ref } from 'react'

interface AuthCardProps {
  title: string
  description?: ReactNode
  headingRef?: Ref<HTMLHeadingElement>
  children: ReactNode
  footer?: ReactNode
}

export function AuthCard({ title, description, headingRef, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6">
      <section className="flex flex-col gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="flex flex-col gap-2">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none"
          >
            {title}
          </h1>
          {description ? <div className="text-slate-600">{description}</div> : null}
        </div>
        {children}
      </section>
      {footer ? <div className="flex flex-col items-center gap-2 text-sm text-slate-600">{footer}</div> : null}
    </div>
  )
}

/** A link-styled class for the small links under the forms. */
export const authLinkClass = 'font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900'
