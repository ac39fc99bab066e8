// Tabs (WAI-ARIA APG's tabs pattern), used as `Tabs.Root`, `Tabs.List`, `Tabs.Trigger` and `Tabs.Content`, with
// Radix's props, roles and data attributes: a tablist whose tabs are buttons with aria-selected and aria-controls,
// `data-state` (active, inactive) on tabs and panels for styling, and one tab in the page's Tab order (the selected
// one); Left and Right arrows move between the tabs (wrapping), Home and End go to the first and last. Activation is
// automatic (a tab focused by the arrows is selected) unless `activationMode="manual"` (Enter or Space selects it).
// A panel renders only while its tab is selected, unless `forceMount` keeps it (hidden while another is).
//
// Written here rather than taken from Radix: its Tabs and the roving-focus, collection and presence primitives under
// them were about 4 KiB gzip of the calendar's first load, for what these few lines do.
import { createContext, use, useId, type ComponentProps, type KeyboardEvent, type MouseEvent } from 'react'

interface TabsState {
  value: string
  select: (value: string) => void
  baseId: string
  automatic: boolean
}

const TabsContext = createContext<TabsState | null>(null)

function useTabs(part: string): TabsState {
  const state = use(TabsContext)
  if (state === null) throw new Error(`Tabs.${part} must be inside Tabs.Root`)
  return state
}

// A value may hold characters an id should not (a space): the ids carry it URI-encoded.
const triggerId = (state: TabsState, value: string) => `${state.baseId}-trigger-${encodeURIComponent(value)}`
const contentId = (state: TabsState, value: string) => `${state.baseId}-content-${encodeURIComponent(value)}`
const stateOf = (active: boolean) => (active ? 'active' : 'inactive')

export interface TabsRootProps extends Omit<ComponentProps<'div'>, 'defaultValue'> {
  value: string
  onValueChange: (value: string) => void
  activationMode?: 'automatic' | 'manual'
}

function Root({ value, onValueChange, activationMode = 'automatic', ...props }: TabsRootProps) {
  const baseId = useId()
  const state: TabsState = {
    value,
    select: (next) => {
      if (next !== value) onValueChange(next)
    },
    baseId,
    automatic: activationMode === 'automatic',
  }
  return (
    <TabsContext value={state}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext>
  )
}

function List(props: ComponentProps<'div'>) {
  useTabs('List')
  return <div role="tablist" aria-orientation="horizontal" data-orientation="horizontal" {...props} />
}

/** The arrows (wrapping), Home and End: focus goes to the next enabled tab of the same list. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey) return
  const list = event.currentTarget.closest('[role="tablist"]')
  if (!list) return
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')]
  const current = tabs.indexOf(event.currentTarget)
  const next =
    event.key === 'ArrowRight'
      ? (current + 1) % tabs.length
      : event.key === 'ArrowLeft'
        ? (current - 1 + tabs.length) % tabs.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? tabs.length - 1
            : -1
  if (current === -1 || next === -1) return
  event.preventDefault()
  tabs[next]!.focus()
}

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string
}

function Trigger({ value, onClick, onFocus, onKeyDown, disabled, ...props }: TabsTriggerProps) {
  const state = useTabs('Trigger')
  const active = state.value === value
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(state, value)}
      aria-selected={active}
      aria-controls={contentId(state, value)}
      data-state={stateOf(active)}
      data-orientation="horizontal"
      tabIndex={active ? 0 : -1}
      disabled={disabled}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event)
        if (!event.defaultPrevented) state.select(value)
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (!event.defaultPrevented) moveFocus(event)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        // Automatic activation: the arrows select as they move. A click's own focus selects too, as it would anyway.
        if (state.automatic && !event.defaultPrevented) state.select(value)
      }}
      {...props}
    />
  )
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string
  /** Keep the panel rendered (hidden) while another tab is selected, e.g. to keep a textarea's undo history. */
  forceMount?: boolean
}

function Content({ value, forceMount, hidden, ...props }: TabsContentProps) {
  const state = useTabs('Content')
  const active = state.value === value
  if (!active && !forceMount) return null
  return (
    <div
      role="tabpanel"
      id={contentId(state, value)}
      aria-labelledby={triggerId(state, value)}
      data-state={stateOf(active)}
      data-orientation="horizontal"
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- APG's tabs pattern: a panel is in the Tab order, so the keyboard reaches it from its tab even when it holds nothing focusable
      tabIndex={0}
      hidden={hidden ?? !active}
      {...props}
    />
  )
}

export const Tabs = { Root, List, Trigger, Content }
