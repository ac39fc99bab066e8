// The committed demo media match what seed.sql points at: every cover and clip of media.ts is in supabase/seed-media,
// config.toml uploads those folders, and the files stay small enough to live in the repository.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../local-stack/config/index.ts'
import { supabaseDir } from '../local-stack/paths.ts'
import { captionsKey, coverKey, seedCourses, seedVideos, videoKey } from './media.ts'

const config = loadConfig()
const fileOf = (bucket: string, key: string) =>
  path.resolve(supabaseDir, config.storage.buckets[bucket]?.objectsPath ?? '(no objects_path)', key)

describe('demo media', () => {
  it('has a cover for every course and a clip with captions for every video lesson', () => {
    const expected = [
      ...seedCourses.map((c) => fileOf('course-covers', coverKey(c))),
      ...seedVideos.flatMap((v) => [fileOf('course-media', videoKey(v)), fileOf('course-media', captionsKey(v))]),
    ]
    expect(expected.filter((file) => !existsSync(file))).toEqual([])
  })

  it('keeps clips within 150 KB, everything within 1.5 MB, and captions valid WebVTT', () => {
    const clips = seedVideos.map((v) => statSync(fileOf('course-media', videoKey(v))).size)
    expect(Math.max(...clips)).toBeLessThanOrEqual(150_000)
    const all = [
      ...clips,
      ...seedCourses.map((c) => statSync(fileOf('course-covers', coverKey(c))).size),
      ...seedVideos.map((v) => statSync(fileOf('course-media', captionsKey(v))).size),
    ]
    expect(all.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1_500_000)
    for (const v of seedVideos) {
      expect(readFileSync(fileOf('course-media', captionsKey(v)), 'utf8')).toMatch(/^WEBVTT\n\n1\n00:00:00\.500 --> /)
    }
  })

  it('matches the lessons of seed.sql: same ids and clip lengths as duration_s', () => {
    const seed = readFileSync(path.join(supabaseDir, 'seed.sql'), 'utf8')
    for (const v of seedVideos) {
      expect(seed).toContain(`('${v.lessonId}', '${v.courseId}', `)
      expect(seed).toMatch(new RegExp(`\\('${v.lessonId}'[^\\n]*'video', ${v.seconds}, `))
    }
  })
})
