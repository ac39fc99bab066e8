// The player's keyboard shortcuts: which key does what, and when a key is left alone (typing in a field, a modifier
// held, or a control that uses the key itself), so notes and questions stay typeable. The list the `?` dialog shows is
// the dialog's own (components/shortcuts-dialog.tsx), loaded with it rather than with every lesson.

export type ShortcutAction =
  'play-pause' | 'back' | 'forward' | 'fullscreen' | 'captions' | 'mute' | 'slower' | 'faster' | 'help'

export const SEEK_STEP_S = 5

const byKey: Record<string, ShortcutAction> = {
  ' ': 'play-pause',
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  f: 'fullscreen',
  F: 'fullscreen',
  c: 'captions',
  C: 'captions',
  m: 'mute',
  M: 'mute',
  '<': 'slower',
  '>': 'faster',
  '?': 'help',
}

interface KeyLike {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  target: EventTarget | null
}

/** A field the learner types into: every key belongs to it. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"]')) {
    return true
  }
  return false
}

/** Controls that act on Space or the arrows themselves (buttons, links, sliders, menus, the video's own controls). */
function usesKeyItself(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false
  if (key === ' ') return Boolean(target.closest('button, a[href], summary, video, [role="button"], [role="checkbox"]'))
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    return Boolean(target.closest('video, [role="slider"], [role="menu"], [role="tablist"], [role="radiogroup"]'))
  }
  return false
}

export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  const action = byKey[event.key]
  if (!action) return null
  if (isTypingTarget(event.target) || usesKeyItself(event.target, event.key)) return null
  return action
}

/** The next playback rate up or down the list, staying at the ends. */
export function stepRate(rates: readonly number[], current: number, direction: -1 | 1): number {
  const index = rates.indexOf(current)
  const from = index === -1 ? rates.indexOf(1) : index
  const next = Math.min(rates.length - 1, Math.max(0, from + direction))
  return rates[next] ?? current
}
