// Keyboard shortcuts: the keys of the player, never while typing in a field or with a modifier, and Space/arrows left
// to the controls that use them.
import { describe, expect, it } from 'vitest'
import { shortcutFor, stepRate } from './shortcuts'

function key(k: string, target: EventTarget | null = document.body, mods: Partial<KeyboardEventInit> = {}) {
  return { key: k, ctrlKey: false, metaKey: false, altKey: false, target, ...mods }
}

function element(html: string): Element {
  const host = document.createElement('div')
  host.innerHTML = html
  document.body.append(host)
  return host.querySelector('[data-target]') as Element
}

describe('shortcutFor', () => {
  it('maps the player keys on the page', () => {
    expect([' ', 'ArrowLeft', 'ArrowRight', 'f', 'c', 'm', '<', '>', '?'].map((k) => shortcutFor(key(k)))).toEqual([
      'play-pause',
      'back',
      'forward',
      'fullscreen',
      'captions',
      'mute',
      'slower',
      'faster',
      'help',
    ])
    expect(shortcutFor(key('x'))).toBeNull()
  })

  it('does nothing while the learner types in an input, a textarea or an editable area', () => {
    const targets = [
      element('<input data-target />'),
      element('<textarea data-target></textarea>'),
      element('<div contenteditable="true"><p data-target>x</p></div>'),
      element('<select data-target><option>1</option></select>'),
    ]
    for (const target of targets) {
      for (const k of [' ', 'f', 'c', 'm', '?', 'ArrowLeft', '<']) expect(shortcutFor(key(k, target))).toBeNull()
    }
  })

  it('leaves browser and system shortcuts alone', () => {
    expect(shortcutFor(key('f', document.body, { ctrlKey: true }))).toBeNull()
    expect(shortcutFor(key('c', document.body, { metaKey: true }))).toBeNull()
  })

  it('lets a focused button take Space, and the video its own arrows', () => {
    expect(shortcutFor(key(' ', element('<button data-target>Go</button>')))).toBeNull()
    expect(shortcutFor(key('ArrowLeft', element('<video data-target></video>')))).toBeNull()
    expect(shortcutFor(key('m', element('<button data-target>Go</button>')))).toBe('mute')
  })
})

describe('stepRate', () => {
  const rates = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]
  it('moves one step and stops at the ends', () => {
    expect(stepRate(rates, 1, 1)).toBe(1.25)
    expect(stepRate(rates, 1, -1)).toBe(0.75)
    expect(stepRate(rates, 2, 1)).toBe(2)
    expect(stepRate(rates, 0.5, -1)).toBe(0.5)
  })
})
