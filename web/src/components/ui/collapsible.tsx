// Collapsible: a disclosure for sidebar sections and lesson notes (WAI-ARIA APG's disclosure pattern). The trigger is
// a button with aria-expanded (and aria-controls while the content it names is there); the content is rendered only
// while open. Root, trigger and content carry `data-state` (open, closed), so a chevron can turn with
// `group-data-[state=open]:rotate-90`. Controlled (`open` with `onOpenChange`) or not (`defaultOpen`); `asChild`
// renders the root as its only child (an <li>).
//
// Written here rather than taken from Radix: Radix measures the content's height as it opens (for an animation this
// app does not use), a forced layout per open section on the player's first render, and its Collapsible, Presence
// and state primitives were a first-load cost of the player.
import { createContext, use, useId, useState, type ComponentProps, type MouseEvent } from 'react'
import { Slot } from './slot'

interface CollapsibleState {
  open: boolean
  setOpen: (open: boolean) => void
  contentId: string
}

const CollapsibleContext = createContext<CollapsibleState | null>(null)

function useCollapsible(part: string): CollapsibleState {
  const state = use(CollapsibleContext)
  if (state === null) throw new Error(`${part} must be inside a Collapsible`)
  return state
}

const stateOf = (open: boolean) => (open ? 'open' : 'closed')

export interface CollapsibleProps extends ComponentProps<'div'> {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  asChild?: boolean
}

export function Collapsible({ open, defaultOpen = false, onOpenChange, asChild, ...props }: CollapsibleProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen)
  const contentId = useId()
  const isOpen = open ?? uncontrolled
  const setOpen = (next: boolean) => {
    if (open === undefined) setUncontrolled(next)
    onOpenChange?.(next)
  }
  const Root = asChild ? Slot : 'div'
  return (
    <CollapsibleContext value={{ open: isOpen, setOpen, contentId }}>
      <Root data-state={stateOf(isOpen)} {...props} />
    </CollapsibleContext>
  )
}

export function CollapsibleTrigger({ onClick, ...props }: ComponentProps<'button'>) {
  const { open, setOpen, contentId } = useCollapsible('CollapsibleTrigger')
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented) setOpen(!open)
  }
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? contentId : undefined}
      data-state={stateOf(open)}
      onClick={toggle}
      {...props}
    />
  )
}

export function CollapsibleContent(props: ComponentProps<'div'>) {
  const { open, contentId } = useCollapsible('CollapsibleContent')
  return open ? <div id={contentId} data-state="open" {...props} /> : null
}
