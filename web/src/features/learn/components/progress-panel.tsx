// The `Trophy` button's panel (a Radix popover): "n of m lessons · p% · certificate at 100%" and the bar. Loaded on
// its first opening or once the page has loaded (./progress-popover keeps the button, which the panel is anchored
// to). As with Radix's own trigger, pressing the button toggles the panel rather than counting as a click outside,
// and closing it with Escape or a choice inside puts focus back on the button.
import { useRef, type RefObject } from 'react'
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover'
import { Progress } from '@/components/ui/progress'

export interface ProgressPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: RefObject<HTMLButtonElement | null>
  summary: string
  percent: number
}

export function ProgressPanel({ open, onOpenChange, trigger, summary, percent }: ProgressPanelProps) {
  const closedFromOutside = useRef(false)
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={trigger} />
      <PopoverContent
        align="end"
        aria-label="Course progress"
        className="flex flex-col gap-3"
        onInteractOutside={(event) => {
          if (trigger.current?.contains(event.target as Node)) event.preventDefault()
          else closedFromOutside.current = true
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          if (!closedFromOutside.current) trigger.current?.focus()
          closedFromOutside.current = false
        }}
      >
        <p className="font-medium text-slate-900">{summary}</p>
        <Progress value={percent} aria-label="Course progress" />
      </PopoverContent>
    </Popover>
  )
}
