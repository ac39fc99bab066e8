// "Invite a member" (./invite-form, with react-hook-form and its zod resolver, about 16 KiB gzip) shows to the school's
// owners only, so its code loads when the school says this viewer owns it: the route's loader starts it
// (`preloadInviteForm`) as soon as it has read the school, beside the roster's request, and an instructor's first
// load goes without it. A failed load is tried again at the next mount.
import { lazyRetrying } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { loadOnce } from '@/lib/load-once'

const inviteForm = loadOnce(() => import('./invite-form'))

/** Starts loading the form; a failure here is not shown (the form loads again when it renders, and fails there). */
export function preloadInviteForm(): void {
  void inviteForm().catch(() => {})
}

export const LazyInviteForm = lazyRetrying<{ schoolId: string }>(
  () => inviteForm().then((m) => m.InviteForm),
  <LoadingBlocks
    label="Loading the invitation form"
    blocks={['h-7 w-48', 'h-20 w-full', 'h-11 w-40']}
    className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
  />,
)
