// The profile form mirrors the profiles table's rules (display name 1-60 after trimming) and offers
// the device's time zone when the saved one differs.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import type { Profile } from '../api/profile.api'
import * as profileApi from '../api/profile.api'
import { browserTimeZone } from '../schemas/profile.schemas'
import { ProfileForm } from './profile-form'

const profile: Profile = {
  id: '00000000-0000-0000-0000-000000000001',
  display_name: 'Ada',
  avatar_path: null,
  timezone: browserTimeZone() === 'Pacific/Auckland' ? 'Europe/Paris' : 'Pacific/Auckland',
  updated_at: '2026-01-01T00:00:00Z',
}

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ProfileForm profile={profile} />
    </QueryClientProvider>,
  )
}

function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('profile form', () => {
  it('refuses a blank or too long display name next to the field', async () => {
    const update = vi.spyOn(profileApi, 'updateProfile')
    renderForm()
    const name = screen.getByLabelText('Display name')
    fireEvent.change(name, { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    await waitFor(() => expect(describedBy(name)).toContain('Enter your name.'))

    fireEvent.change(name, { target: { value: 'x'.repeat(61) } })
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    await waitFor(() => expect(describedBy(name)).toContain('60 characters or fewer'))
    expect(update).not.toHaveBeenCalled()
  })

  it("offers the device's time zone and saves the trimmed values", async () => {
    const update = vi
      .spyOn(profileApi, 'updateProfile')
      .mockImplementation(async (_client, _id, values) => ({ ...profile, ...values }))
    renderForm()
    const zone = browserTimeZone()
    fireEvent.click(screen.getByRole('button', { name: `Use ${zone.replaceAll('_', ' ')}` }))
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe(zone)
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: '  Ada L.  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))

    expect(await screen.findByText('Profile saved.')).toBeTruthy()
    expect(update).toHaveBeenCalledWith(expect.anything(), profile.id, { display_name: 'Ada L.', timezone: zone })
  })
})
