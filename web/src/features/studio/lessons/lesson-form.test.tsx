// The lesson editor's fields autosave each valid change to the row it belongs to (lesson, content, section) based
// on the version opened, keep invalid values back with the database's sentence beside the field, preview the text
// with the learners' renderer, and show a conflict instead of overwriting an edit made elsewhere.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { FormProvider } from 'react-hook-form'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { AutosaveStatusText, ConflictBanner } from '../components/autosave-status'
import * as lessonApi from './lesson.api'
import type { LessonBundle } from './lesson.api'
import { LessonBodyField } from './lesson-body-field'
import { LessonSettingsFields } from './lesson-settings-fields'
import { ReleaseRuleFields } from './release-rule-fields'
import { useLessonAutosave } from './use-lesson-autosave'
import { useLessonForm, useLessonFormAutosave } from './use-lesson-form'

const bundle: LessonBundle = {
  course: { id: '00000000-0000-4000-8000-000000000001', title: 'SQL basics', status: 'draft' },
  section: {
    id: '00000000-0000-4000-8000-000000000002',
    title: 'Basics',
    release_offset_days: null,
    release_at: null,
    updated_at: 'section-v1',
  },
  lesson: {
    id: '00000000-0000-4000-8000-000000000003',
    course_id: '00000000-0000-4000-8000-000000000001',
    section_id: '00000000-0000-4000-8000-000000000002',
    title: 'Joins',
    kind: 'video',
    duration_s: 0,
    is_preview: false,
    completion_rule: 'video',
    completion_threshold: 0.9,
    updated_at: 'lesson-v1',
  },
  // No content row yet: the first save creates it.
  content: { body_md: '', video_path: null, captions_path: null, attachments: [], updated_at: '' },
}

function Harness() {
  const form = useLessonForm(bundle)
  const autosave = useLessonAutosave(bundle, 'user-1', () => {})
  useLessonFormAutosave(form, autosave)
  return (
    <FormProvider {...form}>
      <AutosaveStatusText status={autosave.status} error={autosave.error} />
      {autosave.status === 'conflict' ? (
        <ConflictBanner subject="lesson" onReload={() => {}} onOverwrite={() => {}} />
      ) : null}
      <LessonSettingsFields />
      <LessonBodyField />
      <ReleaseRuleFields sectionTitle={bundle.section.title} />
    </FormProvider>
  )
}

const renderForm = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  )

const saved = (version: string) => ({ kind: 'saved' as const, version })

// jsdom has no ResizeObserver; Radix's checkbox measures itself with one.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})
afterEach(() => vi.restoreAllMocks())

describe('lesson form', () => {
  it('saves a trimmed title on the lesson row, based on the version opened', async () => {
    const save = vi.spyOn(lessonApi, 'saveLesson').mockResolvedValue(saved('lesson-v2'))
    renderForm()
    fireEvent.change(screen.getByLabelText('Lesson title'), { target: { value: ' Inner joins ' } })
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(expect.anything(), bundle.lesson.id, { title: 'Inner joins' }, 'lesson-v1'),
    )
    expect(await screen.findByText('All changes saved')).toBeTruthy()
  })

  it('previews the text with the learners’ renderer and creates the content row on the first save', async () => {
    const save = vi.spyOn(lessonApi, 'saveContent').mockResolvedValue(saved('content-v1'))
    renderForm()
    fireEvent.change(screen.getByLabelText('Notes under the video'), { target: { value: '## Keys\n\n- primary' } })
    expect(await screen.findByRole('heading', { name: 'Keys' })).toBeTruthy()
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        expect.anything(),
        { courseId: bundle.course.id, lessonId: bundle.lesson.id },
        { body_md: '## Keys\n\n- primary' },
        '',
      ),
    )
  })

  it('makes a text lesson complete by hand in the same save', async () => {
    const save = vi.spyOn(lessonApi, 'saveLesson').mockResolvedValue(saved('lesson-v2'))
    renderForm()
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'text' } })
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        expect.anything(),
        bundle.lesson.id,
        { kind: 'text', completion_rule: 'manual' },
        'lesson-v1',
      ),
    )
    expect((screen.getByLabelText('Completed when') as HTMLSelectElement).value).toBe('manual')
    expect(screen.queryByLabelText('Share to watch (%)')).toBeNull()
  })

  it('estimates a text lesson’s duration from its text until the instructor types one', async () => {
    const save = vi.spyOn(lessonApi, 'saveLesson').mockResolvedValue(saved('lesson-v2'))
    vi.spyOn(lessonApi, 'saveContent').mockResolvedValue(saved('content-v1'))
    renderForm()
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'text' } })
    const duration = screen.getByLabelText('Duration in seconds') as HTMLInputElement
    // 450 words at 200 a minute: three minutes.
    fireEvent.change(screen.getByLabelText('Lesson text'), { target: { value: Array(450).fill('word').join(' ') } })
    await waitFor(() => expect(duration.value).toBe('180'))
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        expect.anything(),
        bundle.lesson.id,
        expect.objectContaining({ duration_s: 180 }),
        expect.anything(),
      ),
    )
    // A longer text moves the estimate; a duration typed by hand stays through later edits.
    fireEvent.change(screen.getByLabelText('Lesson text'), { target: { value: Array(650).fill('word').join(' ') } })
    await waitFor(() => expect(duration.value).toBe('240'))
    fireEvent.change(duration, { target: { value: '600' } })
    fireEvent.change(screen.getByLabelText('Lesson text'), { target: { value: Array(50).fill('word').join(' ') } })
    // The typed duration is what is saved last (awaited, so no save of this test lands in the next one).
    await waitFor(() =>
      expect(save).toHaveBeenLastCalledWith(
        expect.anything(),
        bundle.lesson.id,
        { duration_s: 600 },
        expect.anything(),
      ),
    )
    expect(duration.value).toBe('600')
  })

  it('keeps a threshold under 50% back with the reason next to the field', async () => {
    const save = vi.spyOn(lessonApi, 'saveLesson').mockResolvedValue(saved('lesson-v2'))
    renderForm()
    const threshold = screen.getByLabelText('Share to watch (%)')
    fireEvent.change(threshold, { target: { value: '40' } })
    await waitFor(() => expect(threshold.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Use a share between 50% and 100%.')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(save).not.toHaveBeenCalled()
    fireEvent.change(threshold, { target: { value: '75' } })
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        expect.anything(),
        bundle.lesson.id,
        { completion_threshold: 0.75 },
        'lesson-v1',
      ),
    )
  })

  it('sets the section’s release to days after enrolling, clearing a date', async () => {
    const save = vi.spyOn(lessonApi, 'saveSection').mockResolvedValue(saved('section-v2'))
    renderForm()
    fireEvent.click(screen.getByLabelText('A number of days after enrolling, or after the cohort’s start'))
    fireEvent.change(screen.getByLabelText('Days after enrolling'), { target: { value: '7' } })
    await waitFor(() =>
      expect(save).toHaveBeenLastCalledWith(
        expect.anything(),
        bundle.section.id,
        { release_offset_days: 7, release_at: null },
        'section-v1',
      ),
    )
    fireEvent.change(screen.getByLabelText('Days after enrolling'), { target: { value: '4000' } })
    expect(await screen.findByText('Use a whole number of days from 0 to 3,650.')).toBeTruthy()
  })

  it('shows a conflict with a choice instead of overwriting the other edit', async () => {
    vi.spyOn(lessonApi, 'saveLesson').mockResolvedValue({ kind: 'conflict' })
    renderForm()
    fireEvent.change(screen.getByLabelText('Lesson title'), { target: { value: 'Joins, revised' } })
    expect(await screen.findByText('This lesson was changed somewhere else')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Keep my edits' })).toBeTruthy()
  })
})
