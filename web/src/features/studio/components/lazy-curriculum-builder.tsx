// The curriculum builder and its drag and drop (@dnd-kit) load in a chunk of their own: the course editor's first
// screen is its title and details. The editor's route starts loading the chunk with the page
// (`preloadCurriculumBuilder` in its loader), so it arrives with the page's own code rather than after it.
import { lazyRetrying } from '@/components/lazy-retrying'
import { Skeleton } from '@/components/ui/skeleton'

const load = () => import('./curriculum-builder').then((module) => module.CurriculumBuilder)

/** Starts loading the builder's code; a failure is left to the component, which reports it and loads again. */
export function preloadCurriculumBuilder(): void {
  load().catch(() => undefined)
}

export const LazyCurriculumBuilder = lazyRetrying(load, <Skeleton className="h-32 w-full" />)
