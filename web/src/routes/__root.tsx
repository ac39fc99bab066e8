// The root layout: skip link, site header and the <main> landmark every page renders into, focus to each new page's
// heading with its title announced (RouteFocus), the offline status, and the progress outbox
// and the signed-in listeners (achievement toasts, sign-out when the session ends elsewhere) wherever they are.
// The query client arrives through typed router context for loaders to prefetch with. The step-up provider lets any
// destructive act ask for a second factor (its dialog loads on first use).
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { StepUpProvider } from '@/features/auth/step-up/step-up-provider'
import type { RouterContext } from '@/lib/router-context'
import { DocumentMeta } from './-components/document-meta'
import { DocumentTitle } from './-components/document-title'
import { OfflineStatus } from './-components/offline-status'
import { RouteFocus } from './-components/route-focus'
import { SignedInListeners } from './-components/signed-in-listeners'
import { SiteHeader } from './-components/site-header'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
})

function RootLayout() {
  return (
    <StepUpProvider>
      <div className="flex min-h-dvh flex-col">
        <DocumentTitle />
        <DocumentMeta />
        <a
          href="#main"
          // `not-sr-only` resets padding, so the visible styles are all `focus:` ones.
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-teal-800 focus:shadow-md"
        >
          Skip to content
        </a>
        <SiteHeader />
        {/* tabIndex -1 lets the skip link move focus here; no ring, as the main area is not a control. */}
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none sm:px-6">
          <Outlet />
        </main>
        <SignedInListeners />
        <OfflineStatus />
        {/* After DocumentTitle, so the title it announces is the new page's. */}
        <RouteFocus />
      </div>
    </StepUpProvider>
  )
}
