// The player's early media request: asked beside the outline only when it can help, and its answer used only for
// the paths it signed (otherwise the paths are signed after the outline, as before).
import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { courseKeys } from '@/lib/courses/course-keys'
import { getLessonMedia, getLessonMediaById } from './learn.api'
import { learnKeys, learnQueries, startEarlyMedia } from './learn.queries'

vi.mock('./learn.api', () => ({
  SIGNED_URL_TTL_S: 300,
  getLessonMedia: vi.fn(),
  getLessonMediaById: vi.fn(),
  getLessonContent: vi.fn(),
}))
const byId = vi.mocked(getLessonMediaById)
const byPath = vi.mocked(getLessonMedia)

const slug = 'web-accessibility-basics'
const video = 'e0000000-0000-4000-8000-000000000001'
const text = 'e0000000-0000-4000-8000-000000000002'
const early = {
  videoPath: 'c/l/intro.mp4',
  captionsPath: null,
  videoUrl: 'http://127.0.0.1:54321/storage/v1/object/sign/course-media/c/l/intro.mp4?token=t',
  captionsUrl: null,
}

function outlineWith(lessons: { id: string; kind: 'video' | 'text' }[]) {
  return { sections: [{ lessons }] }
}

beforeEach(() => {
  byId.mockReset()
  byPath.mockReset()
})

describe('startEarlyMedia', () => {
  it('asks by lesson id on a first visit, when nothing is known yet', async () => {
    byId.mockResolvedValue(early)
    await expect(startEarlyMedia(new QueryClient(), slug, video)).resolves.toEqual(early)
    expect(byId).toHaveBeenCalledWith(expect.anything(), video)
  })

  it("does not ask when the lesson's content is cached, or a cached outline says it is not a video", () => {
    const client = new QueryClient()
    client.setQueryData(learnKeys.content(video), {
      body_md: '',
      video_path: early.videoPath,
      captions_path: null,
      attachments: [],
    })
    expect(startEarlyMedia(client, slug, video)).toBeUndefined()
    client.setQueryData(courseKeys.outline(slug), outlineWith([{ id: text, kind: 'text' }]))
    expect(startEarlyMedia(client, slug, text)).toBeUndefined()
    expect(byId).not.toHaveBeenCalled()
  })

  it('asks for a video lesson a cached outline knows, and turns a refusal into null', async () => {
    const client = new QueryClient()
    client.setQueryData(courseKeys.outline(slug), outlineWith([{ id: video, kind: 'video' }]))
    byId.mockRejectedValue(new Error('lesson_locked'))
    await expect(startEarlyMedia(client, slug, video)).resolves.toBeNull()
  })
})

describe('learnQueries.media with an early answer', () => {
  const fetchMedia = (paths: [string | null, string | null], answer: unknown) =>
    new QueryClient().fetchQuery(learnQueries.media(...paths, Promise.resolve(answer as typeof early | null)))

  it('uses the early answer for the same paths, without signing again', async () => {
    await expect(fetchMedia(['c/l/intro.mp4', null], early)).resolves.toEqual({
      videoUrl: early.videoUrl,
      captionsUrl: null,
    })
    expect(byPath).not.toHaveBeenCalled()
  })

  it('signs by path when the early answer failed, signed other paths or lacks a URL', async () => {
    byPath.mockResolvedValue({ videoUrl: 'signed-now', captionsUrl: null })
    await expect(fetchMedia(['c/l/intro.mp4', null], null)).resolves.toEqual({
      videoUrl: 'signed-now',
      captionsUrl: null,
    })
    await fetchMedia(['c/l/new.mp4', null], early)
    await fetchMedia(['c/l/intro.mp4', null], { ...early, videoUrl: null })
    expect(byPath).toHaveBeenCalledTimes(3)
  })
})
