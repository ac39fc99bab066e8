// Slot merges as Radix's Slot did: the child's props win, handlers both run (the child's first), class names join,
// styles merge, and both refs are set and cleared.
import { createRef } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mergeSlotProps, Slot } from './slot'
import { Label } from './label'

describe('Slot', () => {
  it('renders its child with the slot props merged in', () => {
    const calls: string[] = []
    const slotRef = createRef<HTMLElement>()
    const childRef = createRef<HTMLAnchorElement>()
    const { unmount } = render(
      <Slot
        id="from-slot"
        title="slot title"
        className="slot-class"
        style={{ color: 'red', margin: 1 }}
        onClick={() => calls.push('slot')}
        ref={slotRef}
      >
        <a
          href="/x"
          title="child title"
          className="child-class"
          style={{ color: 'blue' }}
          onClick={(event) => {
            event.preventDefault()
            calls.push('child')
          }}
          ref={childRef}
        >
          Link
        </a>
      </Slot>,
    )
    const link = screen.getByRole('link', { name: 'Link' })
    expect(link.id).toBe('from-slot')
    expect(link.title).toBe('child title')
    expect(link.className).toBe('slot-class child-class')
    expect(link.style.color).toBe('blue')
    expect(link.style.margin).toBe('1px')
    fireEvent.click(link)
    expect(calls).toEqual(['child', 'slot'])
    expect(slotRef.current).toBe(link)
    expect(childRef.current).toBe(link)
    unmount()
    expect(slotRef.current).toBeNull()
    expect(childRef.current).toBeNull()
  })

  it('keeps the slot value where the child leaves a prop undefined', () => {
    expect(mergeSlotProps({ id: 'a', 'aria-describedby': 'hint' }, { id: undefined, name: 'email' })).toEqual({
      id: 'a',
      'aria-describedby': 'hint',
      name: 'email',
    })
  })

  it('renders nothing for nothing', () => {
    const { container } = render(<Slot id="x">{null}</Slot>)
    expect(container.innerHTML).toBe('')
  })
})

describe('Label', () => {
  it('names its control, and a double click does not select its text', () => {
    render(
      <>
        <Label htmlFor="email">Email</Label>
        <input id="email" />
      </>,
    )
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy()
    const label = screen.getByText('Email')
    expect(fireEvent.mouseDown(label, { detail: 1 })).toBe(true)
    expect(fireEvent.mouseDown(label, { detail: 2 })).toBe(false)
  })
})
