// The shell's header: product name, and the small-screen `Menu` drawer driven by keyboard.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/render-app'

// The header is the same on every page; the sign-in page loads no data, so these tests need no running stack.
describe('site header', () => {
  it('shows the product name as a link to the home page', async () => {
    await renderApp('/auth/sign-in')
    const banner = await screen.findByRole('banner')
    const home = within(banner).getByRole('link', { name: 'Summit' })
    expect(home.getAttribute('href')).toBe('/')
  })

  it('opens the navigation from the Menu button and closes it with Escape', async () => {
    await renderApp('/auth/sign-in')
    const menuButton = await screen.findByRole('button', { name: 'Menu' })
    expect(menuButton.getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(menuButton)

    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    expect(menuButton.getAttribute('aria-expanded')).toBe('true')
    expect(menuButton.getAttribute('aria-controls')).toBe(drawer.id)
    const nav = within(drawer).getByRole('navigation', { name: 'Primary' })
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/')
    // Focus moves into the drawer so keyboard users land in it.
    expect(drawer.contains(document.activeElement)).toBe(true)

    fireEvent.keyDown(document.activeElement ?? drawer, { key: 'Escape' })

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(menuButton.getAttribute('aria-expanded')).toBe('false')
    // Focus returns to the button that opened the drawer (Radix restores it on the next tick).
    await waitFor(() => expect(document.activeElement).toBe(menuButton))
  })
})
