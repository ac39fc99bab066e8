// Joins class names and resolves Tailwind conflicts, so a caller's `className` can override a
// component's defaults (e.g. `p-2` wins over a built-in `p-4`).
import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}
