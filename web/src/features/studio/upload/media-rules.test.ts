// The course-media bucket's rules in the browser: video types and size, WebVTT's signature, PDFs, object paths.
import { describe, expect, it } from 'vitest'
import {
  attachmentObjectName,
  attachmentProblem,
  captionsProblem,
  maxVideoBytes,
  sanitiseFileName,
  videoObjectName,
  videoProblem,
  videoTypeOf,
} from './media-rules'

const course = 'c0000000-0000-4000-8000-000000000004'
const lesson = 'e0000000-0000-4000-8000-000000004001'
const file = (name: string, type: string, size = 10) => ({ name, type, size })

describe('media rules', () => {
  it('accepts the bucket’s video types up to 500 MiB, by type or by extension', () => {
    expect(videoTypeOf(file('a.webm', 'video/webm'))).toBe('video/webm')
    expect(videoTypeOf(file('a.MP4', ''))).toBe('video/mp4')
    expect(videoTypeOf(file('a.mov', 'video/quicktime'))).toBeNull()
    expect(videoProblem(file('a.mp4', 'video/mp4', maxVideoBytes))).toBeNull()
    expect(videoProblem(file('a.mp4', 'video/mp4', maxVideoBytes + 1))).toBe('Choose a video of 500 MB or less.')
    expect(videoProblem(file('a.mov', 'video/quicktime'))).toBe('Choose an MP4, WebM or Ogg video.')
    expect(videoProblem(file('a.mp4', 'video/mp4', 0))).toBe('This file is empty.')
    expect(videoObjectName(course, lesson, 'video/webm')).toBe(`${course}/${lesson}/video.webm`)
  })

  it('accepts WebVTT by its signature and refuses anything else with a reason', () => {
    const vtt = file('captions.vtt', 'text/vtt')
    expect(captionsProblem(vtt, 'WEBVTT\n\n00:00.000 --> 00:01.000\nHi')).toBeNull()
    expect(captionsProblem(vtt, '\uFEFFWEBVTT - with a title\n')).toBeNull()
    expect(captionsProblem(vtt, 'WEBVTT')).toBeNull()
    expect(captionsProblem(vtt, '1\n00:00:00,000 --> 00:00:01,000\nHi')).toMatch(/must start with WEBVTT/)
    expect(captionsProblem(vtt, 'WEBVTTX\n')).toMatch(/must start with WEBVTT/)
    expect(captionsProblem(file('captions.srt', 'text/plain'), 'WEBVTT')).toBe('Choose a WebVTT file (.vtt).')
    expect(captionsProblem(file('big.vtt', 'text/vtt', 2 * 1024 * 1024), 'WEBVTT')).toMatch(/at most 1 MB/)
  })

  it('attaches PDFs only, with safe names under the lesson’s folder', () => {
    expect(attachmentProblem(file('notes.pdf', 'application/pdf'))).toBeNull()
    expect(attachmentProblem(file('notes.docx', 'application/msword'))).toBe('Attach PDF files only.')
    expect(sanitiseFileName('Résumé of week 1 (final).PDF')).toBe('Resume-of-week-1-final.pdf')
    expect(sanitiseFileName('../../etc/passwd.pdf')).toBe('etc-passwd.pdf')
    expect(sanitiseFileName('???.pdf')).toBe('attachment.pdf')
    expect(attachmentObjectName(course, lesson, 'Slides 1.pdf')).toBe(`${course}/${lesson}/attachments/Slides-1.pdf`)
  })
})
