// The logo's uploader (its crop frame, checks and upload) loads in a chunk of its own. The school page's route
// starts loading it with the page (`preloadLogoUpload` in its loader), so it arrives with the page's own code rather
// than after it; meanwhile a placeholder holds its place.
import { lazyRetrying } from '@/components/lazy-retrying'
import { Skeleton } from '@/components/ui/skeleton'

const load = () => import('./logo-upload').then((module) => module.LogoUpload)

/** Starts loading the uploader's code; a failure is left to the component, which reports it and loads again. */
export function preloadLogoUpload(): void {
  load().catch(() => undefined)
}

export const LazyLogoUpload = lazyRetrying(load, <Skeleton className="h-24 w-full" />)
