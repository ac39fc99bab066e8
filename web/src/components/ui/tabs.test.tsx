// Tabs: roles and ARIA wiring between tabs and panels, data-state for styling, one tab in the Tab order, the arrows
// (wrapping), Home and End moving focus, automatic activation selecting on focus and manual waiting for Enter or
// Space (the button's click), panels rendered only while selected unless forceMount keeps them hidden.
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Tabs } from './tabs'

function Example({
  activationMode,
  onChange,
  keepFirst,
}: {
  activationMode?: 'automatic' | 'manual'
  onChange?: (value: string) => void
  keepFirst?: boolean
}) {
  const [value, setValue] = useState('month')
  return (
    <Tabs.Root
      value={value}
      activationMode={activationMode}
      onValueChange={(next) => {
        onChange?.(next)
        setValue(next)
      }}
    >
      <Tabs.List aria-label="Calendar view">
        <Tabs.Trigger value="month">Month</Tabs.Trigger>
        <Tabs.Trigger value="week">Week</Tabs.Trigger>
        <Tabs.Trigger value="agenda">Agenda</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="month" forceMount={keepFirst}>
        <textarea aria-label="Month notes" />
      </Tabs.Content>
      <Tabs.Content value="week">Week panel</Tabs.Content>
      <Tabs.Content value="agenda">Agenda panel</Tabs.Content>
    </Tabs.Root>
  )
}

const tab = (name: string) => screen.getByRole('tab', { name })

describe('Tabs', () => {
  it('wires each tab to its panel and marks the selected one', () => {
    render(<Example />)
    expect(screen.getByRole('tablist', { name: 'Calendar view' })).toBeTruthy()
    const month = tab('Month')
    const panel = screen.getByRole('tabpanel')
    expect(month.getAttribute('aria-selected')).toBe('true')
    expect(month.dataset.state).toBe('active')
    expect(tab('Week').getAttribute('aria-selected')).toBe('false')
    expect(tab('Week').dataset.state).toBe('inactive')
    expect(month.getAttribute('aria-controls')).toBe(panel.id)
    expect(panel.getAttribute('aria-labelledby')).toBe(month.id)
    expect(screen.getByRole('tabpanel', { name: 'Month' })).toBe(panel)
    // Only the selected tab is in the Tab order.
    expect([month.tabIndex, tab('Week').tabIndex, tab('Agenda').tabIndex]).toEqual([0, -1, -1])
    expect(screen.queryByText('Week panel')).toBeNull()
  })

  it('selects a tab on a click, and renders only its panel', () => {
    const onChange = vi.fn()
    render(<Example onChange={onChange} />)
    fireEvent.click(tab('Week'))
    expect(onChange).toHaveBeenCalledWith('week')
    expect(tab('Week').getAttribute('aria-selected')).toBe('true')
    expect(tab('Week').tabIndex).toBe(0)
    expect(screen.getByText('Week panel')).toBeTruthy()
    expect(screen.queryByLabelText('Month notes')).toBeNull()
    // Clicking the selected tab again asks for no change.
    fireEvent.click(tab('Week'))
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('moves focus with the arrows (wrapping), Home and End, selecting as it goes by default', () => {
    render(<Example />)
    tab('Month').focus()
    fireEvent.keyDown(tab('Month'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('Week'))
    expect(tab('Week').getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tab('Week'), { key: 'End' })
    expect(document.activeElement).toBe(tab('Agenda'))
    fireEvent.keyDown(tab('Agenda'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('Month'))
    fireEvent.keyDown(tab('Month'), { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(tab('Agenda'))
    fireEvent.keyDown(tab('Agenda'), { key: 'Home' })
    expect(document.activeElement).toBe(tab('Month'))
    expect(screen.getByLabelText('Month notes')).toBeTruthy()
    // Other keys are left alone.
    expect(fireEvent.keyDown(tab('Month'), { key: 'ArrowDown' })).toBe(true)
    expect(document.activeElement).toBe(tab('Month'))
  })

  it('in manual mode the arrows only move focus; Enter or Space (a click) selects', () => {
    const onChange = vi.fn()
    render(<Example activationMode="manual" onChange={onChange} />)
    tab('Month').focus()
    fireEvent.keyDown(tab('Month'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('Week'))
    expect(tab('Week').getAttribute('aria-selected')).toBe('false')
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.click(tab('Week'))
    expect(onChange).toHaveBeenCalledWith('week')
    expect(tab('Week').getAttribute('aria-selected')).toBe('true')
  })

  it('keeps a forceMount panel rendered, hidden, while another tab is selected', () => {
    render(<Example keepFirst />)
    const notes = screen.getByLabelText('Month notes') as HTMLTextAreaElement
    fireEvent.change(notes, { target: { value: 'draft' } })
    fireEvent.click(tab('Week'))
    const kept = screen.getByLabelText('Month notes') as HTMLTextAreaElement
    expect(kept).toBe(notes)
    expect(kept.closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(true)
    expect(kept.closest('[role="tabpanel"]')?.getAttribute('data-state')).toBe('inactive')
    fireEvent.click(tab('Month'))
    expect(kept.closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(false)
    expect(kept.value).toBe('draft')
  })
})
