// React.lazy keeps a component whose code failed to load failed for good: an error boundary's "Try again" renders
// the same failure. lazyRetrying's component holds its own Suspense (with the given fallback) around the lazy one, so
// a failure reaches the error boundary above it, and the next mount, the boundary's retry, gets a new lazy component
// that loads again (never at once, over and over, while the network is down).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'

export function lazyRetrying<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = make()
          throw error
        },
      ),
    )
  let current = make()
  function LazyRetrying(props: P) {
    const Current = current
    return (
      <Suspense fallback={fallback}>
        <Current {...props} />
      </Suspense>
    )
  }
  return LazyRetrying
}

/**
 * lazyRetrying's component, with `preload()` to start loading its code before it renders: a route's loader calls it so
 * the chunk downloads beside the page's own. A failed preload is left to the component, which reports it and loads
 * again.
 */
export function lazyPreloaded<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> & { preload(): void } {
  return Object.assign(lazyRetrying(load, fallback), {
    preload: () => void load().catch(() => undefined),
  })
}
