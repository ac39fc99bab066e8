// Accordion: the course outline's sections, any number open at once (WAI-ARIA APG's accordion pattern). Each item is
// a heading holding a button (aria-expanded, aria-controls) and, while open, the region it labels; Up/Down, Home
// and End move between the buttons. The trigger carries a `ChevronDown` that turns when its item opens.
//
// Written here rather than taken from Radix: Radix measures each open item's height as it mounts (for its height
// animation, which this one does not have), a forced layout per section on the course page's first render, and its
// Accordion and Collection code is a first-load cost of the course page that this needs none of.
import { createContext, use, useId, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react'
import { ChevronDown } from 'lucide-react'
import { cn } from '@/lib/cn'

interface AccordionState {
  isOpen: (value: string) => boolean
  toggle: (value: string) => void
}

interface ItemState {
  open: boolean
  toggle: () => void
  triggerId: string
  contentId: string
}

const AccordionContext = createContext<AccordionState | null>(null)
const ItemContext = createContext<ItemState | null>(null)

function required<T>(value: T | null, part: string): T {
  if (value === null) throw new Error(`${part} must be inside an Accordion and its AccordionItem`)
  return value
}

const triggerSelector = '[data-accordion-trigger]'

/** Up/Down (wrapping), Home and End between the triggers of the accordion this one belongs to (not an inner one's). */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End']
  const trigger = event.currentTarget
  const root = trigger.closest('[data-accordion]')
  if (!keys.includes(event.key) || !root) return
  const triggers = [...root.querySelectorAll<HTMLButtonElement>(triggerSelector)].filter(
    (other) => other.closest('[data-accordion]') === root,
  )
  const index = triggers.indexOf(trigger)
  const last = triggers.length - 1
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? (index + 1) % triggers.length
          : (index - 1 + triggers.length) % triggers.length
  event.preventDefault()
  triggers[next]?.focus()
}

export interface AccordionProps extends Omit<ComponentProps<'div'>, 'defaultValue'> {
  /** The items open at first (uncontrolled). */
  defaultValue?: string[]
}

export function Accordion({ defaultValue = [], children, ...props }: AccordionProps) {
  const [open, setOpen] = useState(() => new Set(defaultValue))
  const state: AccordionState = {
    isOpen: (value) => open.has(value),
    toggle: (value) =>
      setOpen((current) => {
        const next = new Set(current)
        if (!next.delete(value)) next.add(value)
        return next
      }),
  }
  return (
    <div data-accordion="" {...props}>
      <AccordionContext value={state}>{children}</AccordionContext>
    </div>
  )
}

export interface AccordionItemProps extends ComponentProps<'div'> {
  value: string
}

export function AccordionItem({ value, className, ...props }: AccordionItemProps) {
  const accordion = required(use(AccordionContext), 'AccordionItem')
  const id = useId()
  const open = accordion.isOpen(value)
  const item: ItemState = {
    open,
    toggle: () => accordion.toggle(value),
    triggerId: `${id}-trigger`,
    contentId: `${id}-content`,
  }
  return (
    <ItemContext value={item}>
      <div data-state={open ? 'open' : 'closed'} className={cn('border-b border-slate-200', className)} {...props} />
    </ItemContext>
  )
}

export function AccordionTrigger({ className, children }: { className?: string; children: ReactNode }) {
  const item = required(use(ItemContext), 'AccordionTrigger')
  return (
    <h3 className="flex">
      <button
        type="button"
        id={item.triggerId}
        data-accordion-trigger=""
        data-state={item.open ? 'open' : 'closed'}
        aria-expanded={item.open}
        aria-controls={item.open ? item.contentId : undefined}
        onClick={item.toggle}
        onKeyDown={moveFocus}
        className={cn(
          'group flex min-h-11 flex-1 items-center gap-3 py-3 text-left font-medium text-slate-900 hover:bg-slate-50',
          className,
        )}
      >
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
        />
        {children}
      </button>
    </h3>
  )
}

/** The open item's region; a closed item renders nothing (a long course keeps its closed sections out of the DOM). */
export function AccordionContent({ className, children }: { className?: string; children: ReactNode }) {
  const item = required(use(ItemContext), 'AccordionContent')
  if (!item.open) return null
  return (
    <div id={item.contentId} role="region" aria-labelledby={item.triggerId} className={cn('pb-3', className)}>
      {children}
    </div>
  )
}
