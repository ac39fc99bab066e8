// Collapsible (Radix): a disclosure for sidebar sections and lesson notes. Radix sets
// aria-expanded/aria-controls on the trigger; style with `data-[state=open]`.
import { Collapsible as CollapsiblePrimitive } from 'radix-ui'

export const Collapsible = CollapsiblePrimitive.Root
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger
export const CollapsibleContent = CollapsiblePrimitive.Content
