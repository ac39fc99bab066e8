// A dialog, drawer or popover panel whose code loads on its first opening, or once the page has loaded and the browser
// is idle, whichever comes first (lib/after-page-load.ts): a page's first load carries only what it draws, and the
// overlay's primitives (Radix Dialog's focus trap and scroll lock, Popover's positioning) follow when nothing waits
// for them. The overlay mounts at its first opening and stays mounted, so it closes with its own animation and
// focus return. Its trigger stays with the page: the component is given `open` and reports changes.
import { lazy, Suspense, useState, type ComponentType, type RefObject } from 'react'
import { afterPageLoad } from '@/lib/after-page-load'

export function lazyOverlay<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined
  // A failed load (the network dropped) is not kept: the next opening loads again.
  const start = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  afterPageLoad(() => void start().catch(() => undefined))
  // React keeps a lazy component's failure; after one, the next render (an error boundary's "Try again") gets a new one.
  const makeLazy = () =>
    lazy(() =>
      start().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          Overlay = makeLazy()
          throw error
        },
      ),
    )
  let Overlay = makeLazy()

  function LazyOverlay(props: P) {
    const [opened, setOpened] = useState(props.open)
    if (props.open && !opened) setOpened(true)
    if (!opened) return null
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    )
  }
  return LazyOverlay
}

/**
 * For an overlay's `onCloseAutoFocus`: focus goes back to the page's trigger, as Radix gives it back to a trigger of
 * its own (a lazily loaded overlay has none).
 */
export function focusTriggerOnClose(trigger: RefObject<HTMLElement | null>) {
  return (event: Event) => {
    event.preventDefault()
    trigger.current?.focus()
  }
}
