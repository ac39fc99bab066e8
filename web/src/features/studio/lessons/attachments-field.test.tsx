// PDF attachments: other types are refused beside the field, a PDF is stored under the lesson's folder with a
// sanitised name and added to the list, a name already used is refused, and removing one drops it from the list.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as mediaApi from './lesson-media.api'
import { AttachmentsField } from './attachments-field'

const courseId = '00000000-0000-4000-8000-000000000001'
const lessonId = '00000000-0000-4000-8000-000000000003'
const folder = `${courseId}/${lessonId}/attachments`

function attach(name: string, type: string) {
  fireEvent.change(screen.getByLabelText('Attach a PDF'), {
    target: { files: [new File(['%PDF-1.4\n'], name, { type })] },
  })
}

afterEach(() => vi.restoreAllMocks())

describe('AttachmentsField', () => {
  it('refuses a file that is not a PDF and uploads nothing', async () => {
    const upload = vi.spyOn(mediaApi, 'uploadLessonFile').mockResolvedValue(undefined)
    render(<AttachmentsField courseId={courseId} lessonId={lessonId} attachments={[]} onChange={vi.fn()} />)
    attach('notes.docx', 'application/msword')
    expect(await screen.findByText('Attach PDF files only.')).toBeTruthy()
    expect(upload).not.toHaveBeenCalled()
  })

  it('stores a PDF under a sanitised name and adds it to the list', async () => {
    const upload = vi.spyOn(mediaApi, 'uploadLessonFile').mockResolvedValue(undefined)
    const onChange = vi.fn()
    const existing = [{ name: 'intro.pdf', path: `${folder}/intro.pdf` }]
    render(<AttachmentsField courseId={courseId} lessonId={lessonId} attachments={existing} onChange={onChange} />)
    attach('Slides week 1.pdf', 'application/pdf')
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith([
        ...existing,
        { name: 'Slides week 1.pdf', path: `${folder}/Slides-week-1.pdf` },
      ]),
    )
    expect(upload).toHaveBeenCalledWith(expect.anything(), `${folder}/Slides-week-1.pdf`, expect.any(File), {
      contentType: 'application/pdf',
      upsert: false,
    })
  })

  it('refuses a second file of the same name, and removes one from the list', async () => {
    const upload = vi.spyOn(mediaApi, 'uploadLessonFile').mockResolvedValue(undefined)
    vi.spyOn(mediaApi, 'removeLessonFiles').mockResolvedValue(undefined)
    const onChange = vi.fn()
    const existing = [{ name: 'intro.pdf', path: `${folder}/intro.pdf` }]
    render(<AttachmentsField courseId={courseId} lessonId={lessonId} attachments={existing} onChange={onChange} />)
    attach('intro.pdf', 'application/pdf')
    expect(await screen.findByText('A file with this name is attached already.')).toBeTruthy()
    expect(upload).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Remove intro.pdf' }))
    expect(onChange).toHaveBeenCalledWith([])
  })
})
