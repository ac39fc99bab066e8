// A dialog, drawer or popover panel whose code loads on its first opening, or once the page has loaded and the browser
// is idle, whichever comes first (lib/after-page-load.ts): a page's first load carries only what it draws, and the
// overlay's primitives (Radix Dialog's focus trap and scroll lock, Popover's positioning) follow when nothing waits
// for them. The overlay mounts at its first opening and stays mounted, so it closes with its own animation and
// focus return. Its trigger stays with the page: the component is given `open` and reports changes.
import { useState, type ComponentType, type RefObject } from 'react'
import { loadSoonAfterPageLoad } from '@/lib/after-page-load'
import { lazyRetrying } from './lazy-retrying'

export function lazyOverlay<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Overlay = lazyRetrying(loadSoonAfterPageLoad(load))

  function LazyOverlay(props: P) {
    const [opened, setOpened] = useState(props.open)
    if (props.open && !opened) setOpened(true)
    return opened ? <Overlay {...props} /> : null
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
