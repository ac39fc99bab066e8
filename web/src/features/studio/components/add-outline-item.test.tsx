// Adding a section or lesson: the field empties once the item is added, but a next title typed before that answer
// arrived is kept; a refused title stays with its reason.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AddOutlineItem } from './add-outline-item'

const field = () => screen.getByLabelText<HTMLInputElement>('New section title')
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add section' }))

describe('AddOutlineItem', () => {
  it('empties the field once the item is added', async () => {
    const onAdd = vi.fn(async () => undefined)
    render(<AddOutlineItem kind="section" label="New section title" onAdd={onAdd} />)
    fireEvent.change(field(), { target: { value: 'Basics' } })
    await act(async () => add())
    expect(onAdd).toHaveBeenCalledWith({ title: 'Basics', kind: 'video' })
    expect(field().value).toBe('')
  })

  it('keeps a next title typed while the last one was being added', async () => {
    let answer: () => void = () => undefined
    const onAdd = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)))
    render(<AddOutlineItem kind="section" label="New section title" onAdd={onAdd} />)
    fireEvent.change(field(), { target: { value: 'Basics' } })
    await act(async () => add())
    fireEvent.change(field(), { target: { value: 'Going further' } })
    await act(async () => answer())
    expect(field().value).toBe('Going further')
  })

  it('keeps a refused title with the reason', async () => {
    const onAdd = vi.fn(async () => {
      throw new Error('This title is taken.')
    })
    render(<AddOutlineItem kind="section" label="New section title" onAdd={onAdd} />)
    fireEvent.change(field(), { target: { value: 'Basics' } })
    await act(async () => add())
    expect(field().value).toBe('Basics')
    expect(field().getAttribute('aria-invalid')).toBe('true')
    expect(field().getAttribute('aria-describedby')).toBeTruthy()
  })
})
