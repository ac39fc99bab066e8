// A member's row offers what the viewer may do: owners get the role select and Remove (with emails), instructors
// only see roles, anyone can leave; a refused removal (no second factor) or demotion (the last owner) is explained
// under the row and the select returns to the stored role.
import { fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import * as membersApi from '../api/members.api'
import type { Member } from '../api/members.api'
import { MemberRow } from './member-row'

const schoolId = '00000000-0000-4000-8000-000000000010'
const ada: Member = {
  user_id: '00000000-0000-4000-8000-000000000001',
  display_name: 'Ada',
  email: 'ada@example.com',
  role: 'instructor',
  joined_at: '2026-11-24T10:00:00Z',
}
const me = '00000000-0000-4000-8000-000000000099'

function renderRow(member: Member, options: { canManage: boolean; viewerId?: string }) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ul>
        <MemberRow
          schoolId={schoolId}
          member={member}
          viewerId={options.viewerId ?? me}
          canManage={options.canManage}
          onLeft={() => {}}
        />
      </ul>
    </QueryClientProvider>,
  )
  return screen.getByRole('listitem')
}

afterEach(() => vi.restoreAllMocks())

describe('MemberRow', () => {
  it('gives owners the email, a role select and Remove', () => {
    const row = renderRow(ada, { canManage: true })
    expect(within(row).getByText('ada@example.com')).toBeTruthy()
    expect(within(row).getByLabelText('Role of Ada')).toHaveProperty('value', 'instructor')
    expect(within(row).getByRole('button', { name: 'Remove Ada' })).toBeTruthy()
  })

  it('shows instructors the role only, and nothing to press on others', () => {
    const row = renderRow({ ...ada, email: null as unknown as string }, { canManage: false })
    expect(within(row).getByText('Instructor')).toBeTruthy()
    expect(within(row).queryByRole('combobox')).toBeNull()
    expect(within(row).queryByRole('button')).toBeNull()
  })

  it('lets anyone leave from their own row', () => {
    const row = renderRow(ada, { canManage: false, viewerId: ada.user_id })
    expect(within(row).getByText('(you)')).toBeTruthy()
    expect(within(row).getByRole('button', { name: 'Leave school' })).toBeTruthy()
  })

  it('explains that removing a member needs two-factor sign-in', async () => {
    vi.spyOn(membersApi, 'removeMember').mockRejectedValue({ code: 'aal2_required', message: 'aal2' })
    const row = renderRow(ada, { canManage: true })
    fireEvent.click(within(row).getByRole('button', { name: 'Remove Ada' }))
    expect((await within(row).findByRole('alert')).textContent).toMatch(/^Removing a member needs two-factor sign-in\./)
  })

  it('shows the last-owner rule and keeps the stored role when a demotion is refused', async () => {
    const rule = 'A school needs at least one owner. Make another member an owner first.'
    vi.spyOn(membersApi, 'changeMemberRole').mockRejectedValue({
      code: 'validation_failed',
      message: rule,
      details: { fields: { role: rule } },
    })
    const row = renderRow({ ...ada, role: 'owner' }, { canManage: true })
    fireEvent.change(within(row).getByLabelText('Role of Ada'), { target: { value: 'instructor' } })
    expect((await within(row).findByRole('alert')).textContent).toBe(rule)
    expect(within(row).getByLabelText('Role of Ada')).toHaveProperty('value', 'owner')
  })
})
