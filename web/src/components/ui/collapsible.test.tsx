// The disclosure: the trigger says whether its content is shown and names it while it is, the content is rendered
// only while open, data-state follows on root, trigger and content, and both the uncontrolled and the controlled form
// work (and asChild renders the root as its child).
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from './collapsible'

const trigger = () => screen.getByRole('button', { name: 'Section' })

describe('Collapsible', () => {
  it('opens and closes from its trigger, rendering the content only while open', () => {
    render(
      <Collapsible data-testid="root">
        <CollapsibleTrigger>Section</CollapsibleTrigger>
        <CollapsibleContent>Lessons</CollapsibleContent>
      </Collapsible>,
    )
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
    expect(trigger().getAttribute('aria-controls')).toBeNull()
    expect(trigger().dataset.state).toBe('closed')
    expect(screen.getByTestId('root').dataset.state).toBe('closed')
    expect(screen.queryByText('Lessons')).toBeNull()

    fireEvent.click(trigger())
    const content = screen.getByText('Lessons')
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
    expect(trigger().getAttribute('aria-controls')).toBe(content.id)
    expect(content.dataset.state).toBe('open')
    expect(trigger().dataset.state).toBe('open')
    expect(screen.getByTestId('root').dataset.state).toBe('open')

    fireEvent.click(trigger())
    expect(screen.queryByText('Lessons')).toBeNull()
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
  })

  it('starts open with defaultOpen, and a trigger is a button that submits no form', () => {
    const submit = vi.fn((event: Event) => event.preventDefault())
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Collapsible defaultOpen>
          <CollapsibleTrigger>Section</CollapsibleTrigger>
          <CollapsibleContent>Lessons</CollapsibleContent>
        </Collapsible>
      </form>,
    )
    expect(screen.getByText('Lessons')).toBeTruthy()
    fireEvent.click(trigger())
    expect(screen.queryByText('Lessons')).toBeNull()
    expect(submit).not.toHaveBeenCalled()
  })

  it('follows open when controlled, and reports what the trigger asks for', () => {
    const asked: boolean[] = []
    function Controlled() {
      const [open, setOpen] = useState(false)
      return (
        <Collapsible
          open={open}
          onOpenChange={(next) => {
            asked.push(next)
            setOpen(next)
          }}
        >
          <CollapsibleTrigger>Section</CollapsibleTrigger>
          <CollapsibleContent>Lessons</CollapsibleContent>
        </Collapsible>
      )
    }
    render(<Controlled />)
    fireEvent.click(trigger())
    expect(screen.getByText('Lessons')).toBeTruthy()
    fireEvent.click(trigger())
    expect(asked).toEqual([true, false])

    // A controlled collapsible the parent keeps closed stays closed.
    const { container } = render(
      <Collapsible open={false} onOpenChange={() => {}}>
        <CollapsibleTrigger>Kept closed</CollapsibleTrigger>
        <CollapsibleContent>Never</CollapsibleContent>
      </Collapsible>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Kept closed' }))
    expect(container.textContent).not.toContain('Never')
  })

  it('renders its root as the child it is given with asChild', () => {
    render(
      <ul>
        <Collapsible asChild defaultOpen>
          <li data-testid="item">
            <CollapsibleTrigger>Section</CollapsibleTrigger>
            <CollapsibleContent>Lessons</CollapsibleContent>
          </li>
        </Collapsible>
      </ul>,
    )
    const item = screen.getByTestId('item')
    expect(item.tagName).toBe('LI')
    expect(item.dataset.state).toBe('open')
    expect(item.parentElement?.tagName).toBe('UL')
  })
})
