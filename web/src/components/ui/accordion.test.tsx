// The accordion: items open and close on their own (any number open), a button names the region it opens, a closed
// item's content is not rendered, and Up/Down/Home/End move between this accordion's buttons only.
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion'

function Sections({ open = ['b'] }: { open?: string[] }) {
  return (
    <Accordion defaultValue={open}>
      {['a', 'b', 'c'].map((value) => (
        <AccordionItem key={value} value={value}>
          <AccordionTrigger>Section {value}</AccordionTrigger>
          <AccordionContent>
            <p>Lessons of {value}</p>
            {value === 'c' ? (
              <Accordion>
                <AccordionItem value="inner">
                  <AccordionTrigger>Inner</AccordionTrigger>
                  <AccordionContent>Inner lessons</AccordionContent>
                </AccordionItem>
              </Accordion>
            ) : null}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  )
}

const button = (name: string) => screen.getByRole('button', { name })

describe('Accordion', () => {
  it('opens the items it is given, and a button names the region it shows', () => {
    render(<Sections />)
    expect(button('Section a').getAttribute('aria-expanded')).toBe('false')
    expect(button('Section a').getAttribute('aria-controls')).toBeNull()
    expect(screen.queryByText('Lessons of a')).toBeNull()

    const open = button('Section b')
    expect(open.getAttribute('aria-expanded')).toBe('true')
    expect(open.closest('h3')).not.toBeNull()
    const region = screen.getByRole('region', { name: 'Section b' })
    expect(open.getAttribute('aria-controls')).toBe(region.id)
    expect(within(region).getByText('Lessons of b')).toBeTruthy()
  })

  it('opens and closes each item on its own, several at once', () => {
    render(<Sections />)
    fireEvent.click(button('Section a'))
    expect(button('Section a').getAttribute('aria-expanded')).toBe('true')
    expect(button('Section b').getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText('Lessons of a')).toBeTruthy()

    fireEvent.click(button('Section b'))
    expect(button('Section b').getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByText('Lessons of b')).toBeNull()
    expect(screen.getByText('Lessons of a')).toBeTruthy()
  })

  it('moves focus with Up, Down (wrapping), Home and End between its own buttons', () => {
    render(<Sections open={['c']} />)
    button('Section a').focus()
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(button('Section b'))
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    // The inner accordion's button is not one of the outer accordion's.
    expect(document.activeElement).toBe(button('Section c'))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(button('Section a'))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(button('Section c'))
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    expect(document.activeElement).toBe(button('Section a'))

    // Inside the inner accordion, the keys stay with its own button.
    button('Inner').focus()
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    expect(document.activeElement).toBe(button('Inner'))
  })

  it('leaves other keys alone', () => {
    render(<Sections />)
    button('Section a').focus()
    const event = fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    expect(event).toBe(true)
    expect(document.activeElement).toBe(button('Section a'))
  })
})
