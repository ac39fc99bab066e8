// The checkbox: a role="checkbox" button whose aria-checked and data-state follow it, toggled by a click, Space (the
// button's click) and its label, never by Enter; uncontrolled or controlled, and inert while disabled.
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Checkbox } from './checkbox'
import { Label } from './label'

const box = () => screen.getByRole('checkbox', { name: 'Mark complete' })

describe('Checkbox', () => {
  it('toggles on a click and on its label, and says so', () => {
    const changes: boolean[] = []
    render(
      <>
        <Checkbox id="done" onCheckedChange={(checked) => changes.push(checked)} />
        <Label htmlFor="done">Mark complete</Label>
      </>,
    )
    expect(box().getAttribute('aria-checked')).toBe('false')
    expect(box().dataset.state).toBe('unchecked')
    fireEvent.click(box())
    expect(box().getAttribute('aria-checked')).toBe('true')
    expect(box().dataset.state).toBe('checked')
    fireEvent.click(screen.getByText('Mark complete'))
    expect(box().getAttribute('aria-checked')).toBe('false')
    expect(changes).toEqual([true, false])
  })

  it('does not toggle on Enter, and submits no form', () => {
    const submit = vi.fn((event: Event) => event.preventDefault())
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Checkbox aria-label="Mark complete" />
      </form>,
    )
    const enter = fireEvent.keyDown(box(), { key: 'Enter' })
    // The default (a button's click on Enter) is prevented; Space stays a click.
    expect(enter).toBe(false)
    expect(fireEvent.keyDown(box(), { key: ' ' })).toBe(true)
    fireEvent.click(box())
    expect(box().getAttribute('aria-checked')).toBe('true')
    expect(submit).not.toHaveBeenCalled()
  })

  it('follows checked when controlled', () => {
    function Controlled() {
      const [checked, setChecked] = useState(true)
      return (
        <>
          <Checkbox aria-label="Mark complete" checked={checked} onCheckedChange={setChecked} />
          <output>{checked ? 'done' : 'open'}</output>
        </>
      )
    }
    render(<Controlled />)
    expect(box().getAttribute('aria-checked')).toBe('true')
    fireEvent.click(box())
    expect(box().getAttribute('aria-checked')).toBe('false')
    expect(screen.getByText('open')).toBeTruthy()

    // Kept checked by its owner, it stays checked whatever is clicked.
    render(<Checkbox aria-label="Kept" checked onCheckedChange={() => {}} />)
    const kept = screen.getByRole('checkbox', { name: 'Kept' })
    fireEvent.click(kept)
    expect(kept.getAttribute('aria-checked')).toBe('true')
  })

  it('does nothing while disabled', () => {
    const change = vi.fn()
    render(<Checkbox aria-label="Mark complete" disabled onCheckedChange={change} />)
    fireEvent.click(box())
    expect(change).not.toHaveBeenCalled()
    expect(box().hasAttribute('data-disabled')).toBe(true)
    expect(box().getAttribute('aria-checked')).toBe('false')
  })
})
