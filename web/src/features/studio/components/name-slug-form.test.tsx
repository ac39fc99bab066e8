// The "New course" form suggests a web address from the title until the author edits it, checks it live for
// uniqueness, and explains format errors and taken slugs next to the field.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import * as schoolsApi from '../api/schools.api'
import { NameSlugForm } from './name-slug-form'

function renderForm(onCreate = vi.fn(async () => {})) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NameSlugForm kind="course" onCreate={onCreate} onCancel={() => {}} />
    </QueryClientProvider>,
  )
  return onCreate
}

function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}

afterEach(() => vi.restoreAllMocks())

describe('NameSlugForm', () => {
  it('suggests the slug from the title and stops once the author edits it', async () => {
    vi.spyOn(schoolsApi, 'isSlugAvailable').mockResolvedValue(true)
    renderForm()
    fireEvent.change(screen.getByLabelText('Course title'), { target: { value: 'Intro to SQL' } })
    const slug = screen.getByLabelText('Web address')
    expect(slug).toHaveProperty('value', 'intro-to-sql')
    expect(await screen.findByText('Available')).toBeTruthy()
    expect(schoolsApi.isSlugAvailable).toHaveBeenCalledWith(expect.anything(), 'course', 'intro-to-sql')

    fireEvent.change(slug, { target: { value: 'my-sql' } })
    fireEvent.change(screen.getByLabelText('Course title'), { target: { value: 'Intro to SQL, again' } })
    expect(slug).toHaveProperty('value', 'my-sql')
  })

  it('says a taken slug is taken and does not create the course', async () => {
    vi.spyOn(schoolsApi, 'isSlugAvailable').mockResolvedValue(false)
    const onCreate = renderForm()
    fireEvent.change(screen.getByLabelText('Course title'), { target: { value: 'Taken title' } })
    const slug = screen.getByLabelText('Web address')
    await waitFor(() => expect(describedBy(slug)).toMatch(/Already taken/))
    fireEvent.click(screen.getByRole('button', { name: 'Create course' }))
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'))
    expect(onCreate).not.toHaveBeenCalled()
  })

  it('explains a malformed slug and a short title next to their fields', async () => {
    const check = vi.spyOn(schoolsApi, 'isSlugAvailable').mockResolvedValue(true)
    const onCreate = renderForm()
    fireEvent.change(screen.getByLabelText('Course title'), { target: { value: 'Go' } })
    fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'Bad--Slug' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create course' }))
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText('Course title'))).toMatch(/Give the title at least 3 characters/),
    )
    expect(describedBy(screen.getByLabelText('Web address'))).toMatch(/lower-case letters/)
    expect(onCreate).not.toHaveBeenCalled()
    // A slug that breaks the format is never sent to the database to check.
    expect(check).not.toHaveBeenCalledWith(expect.anything(), 'course', 'Bad--Slug')
  })

  it('creates with the trimmed title and the slug, and shows a slug taken meanwhile next to the field', async () => {
    vi.spyOn(schoolsApi, 'isSlugAvailable').mockResolvedValue(true)
    const onCreate = renderForm(vi.fn(async () => Promise.reject({ code: '23505', message: 'duplicate key' })))
    fireEvent.change(screen.getByLabelText('Course title'), { target: { value: '  Race course ' } })
    await screen.findByText('Available')
    fireEvent.click(screen.getByRole('button', { name: 'Create course' }))
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith({ name: 'Race course', slug: 'race-course' }))
    await waitFor(() => expect(describedBy(screen.getByLabelText('Web address'))).toMatch(/Already taken/))
  })
})
