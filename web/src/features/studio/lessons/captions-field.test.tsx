// Captions are checked in the browser: a file that is not WebVTT is refused with the reason beside the field and
// nothing is uploaded; a WebVTT file is stored next to the video and recorded on the lesson.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as mediaApi from './lesson-media.api'
import { CaptionsField } from './captions-field'

const courseId = '00000000-0000-4000-8000-000000000001'
const lessonId = '00000000-0000-4000-8000-000000000003'

function choose(content: string, name: string) {
  const input = screen.getByLabelText('Upload captions')
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/vtt' })] } })
}

afterEach(() => vi.restoreAllMocks())

describe('CaptionsField', () => {
  it('refuses a file that does not start with WEBVTT and uploads nothing', async () => {
    const upload = vi.spyOn(mediaApi, 'uploadLessonFile').mockResolvedValue(undefined)
    const onChange = vi.fn()
    render(<CaptionsField courseId={courseId} lessonId={lessonId} captionsPath={null} onChange={onChange} />)
    choose('1\n00:00:00,000 --> 00:00:01,000\nHello', 'captions.vtt')
    expect(await screen.findByText('This is not a WebVTT file: its first line must start with WEBVTT.')).toBeTruthy()
    expect(screen.getByLabelText('Upload captions').getAttribute('aria-invalid')).toBe('true')
    expect(upload).not.toHaveBeenCalled()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('uploads a WebVTT file next to the video and records its path', async () => {
    const upload = vi.spyOn(mediaApi, 'uploadLessonFile').mockResolvedValue(undefined)
    const onChange = vi.fn()
    render(<CaptionsField courseId={courseId} lessonId={lessonId} captionsPath={null} onChange={onChange} />)
    choose('WEBVTT\n\n00:00.000 --> 00:01.000\nHello', 'english.vtt')
    const path = `${courseId}/${lessonId}/captions.vtt`
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(path))
    expect(upload).toHaveBeenCalledWith(expect.anything(), path, expect.any(File), {
      contentType: 'text/vtt',
      upsert: true,
    })
    expect(await screen.findByText('english.vtt uploaded.')).toBeTruthy()
  })
})
