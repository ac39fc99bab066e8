// Slot: renders its only child with the slot's props merged in, for `asChild` (a Button that is a Link) and for Field
// (the control gets its id and aria-describedby). The merge is Radix Slot's: the child's props win, except that
// event handlers both run one after the other (the child's first), styles merge, class names join, and both refs are
// set. One difference: a prop the child passes as undefined keeps the slot's value (`<Input id={undefined}>` in a
// Field still gets the Field's id), where Radix would drop it.
//
// Written here rather than taken from Radix: Radix's Slot (with its compose-refs) was in every page's entry chunk
// through Button and Field, for these few lines.
import { Children, cloneElement, isValidElement, type ReactNode, type Ref, type RefCallback } from 'react'

type Props = Record<string, unknown>

export interface SlotProps extends Props {
  children?: ReactNode
  ref?: Ref<unknown>
}

const isHandler = (name: string) => /^on[A-Z]/.test(name)

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') return ref(value)
  if (ref) ref.current = value
}

/** One ref callback that sets both refs (and clears both, returning their cleanups' work to React). */
function bothRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): RefCallback<T> | undefined {
  if (!a || !b) return (a ?? b) as RefCallback<T> | undefined
  return (value) => {
    const cleanups = [setRef(a, value), setRef(b, value)]
    return () => {
      cleanups.forEach((cleanup, index) => {
        if (typeof cleanup === 'function') cleanup()
        else setRef(index === 0 ? a : b, null)
      })
    }
  }
}

export function mergeSlotProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child }
  for (const [name, slotValue] of Object.entries(slot)) {
    const childValue = child[name]
    if (childValue === undefined) merged[name] = slotValue
    else if (name === 'className') merged.className = [slotValue, childValue].filter(Boolean).join(' ')
    else if (name === 'style') merged.style = { ...(slotValue as object), ...(childValue as object) }
    else if (isHandler(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = childValue(...args)
        slotValue(...args)
        return result
      }
    }
  }
  return merged
}

export function Slot({ children, ref, ...props }: SlotProps) {
  if (!isValidElement<Props>(children)) return Children.count(children) > 1 ? Children.only(null) : null
  const childRef = children.props.ref as Ref<unknown> | undefined
  return cloneElement(children, { ...mergeSlotProps(props, children.props), ref: bothRefs(ref, childRef) })
}
