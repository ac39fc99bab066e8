// Checkbox: a `role="checkbox"` button with a check mark, e.g. "mark lesson complete". Name it with a <Label htmlFor>
// or `aria-label`. Controlled (`checked` with `onCheckedChange`) or not (`defaultChecked`).
//
// WAI-ARIA's checkbox: Space toggles it (a button's click), Enter does not; `aria-checked` says its state, and
// `data-state` (checked, unchecked) and `data-disabled` style it, as Radix's Checkbox did. Written here rather than
// taken from Radix, whose checkbox and the primitives under it were a first-load cost of the player, for a button.
import { useState, type ComponentProps, type KeyboardEvent, type MouseEvent } from 'react'
import { Check } from 'lucide-react'
import { cn } from '@/lib/cn'

export interface CheckboxProps extends Omit<ComponentProps<'button'>, 'type' | 'role' | 'value' | 'defaultChecked'> {
  checked?: boolean
  defaultChecked?: boolean
  onCheckedChange?: (checked: boolean) => void
}

export function Checkbox({
  checked,
  defaultChecked = false,
  onCheckedChange,
  disabled,
  className,
  onClick,
  onKeyDown,
  ...props
}: CheckboxProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultChecked)
  const isChecked = checked ?? uncontrolled

  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event)
    if (event.defaultPrevented) return
    if (checked === undefined) setUncontrolled(!isChecked)
    onCheckedChange?.(!isChecked)
  }
  const refuseEnter = (event: KeyboardEvent<HTMLButtonElement>) => {
    onKeyDown?.(event)
    // A checkbox does not toggle on Enter (WAI-ARIA), where a button would click.
    if (event.key === 'Enter') event.preventDefault()
  }

  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={isChecked}
      data-state={isChecked ? 'checked' : 'unchecked'}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      className={cn(
        'peer inline-flex size-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white',
        'data-[state=checked]:border-teal-700 data-[state=checked]:bg-teal-700 data-[state=checked]:text-white',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      onClick={toggle}
      onKeyDown={refuseEnter}
      {...props}
    >
      {isChecked ? <Check aria-hidden="true" className="size-4" strokeWidth={3} /> : null}
    </button>
  )
}
