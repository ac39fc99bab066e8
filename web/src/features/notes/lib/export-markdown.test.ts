// The Markdown export lists lessons in course order and notes by moment, whole-lesson notes first.
import { describe, expect, it } from 'vitest'
import type { NoteRow } from '../api/notes.api'
import { exportFileName, groupNotesByLesson, notesToMarkdown } from './export-markdown'

const note = (over: Partial<NoteRow>): NoteRow => ({
  id: 'n',
  lesson_id: 'l1',
  course_id: 'c',
  at_s: null,
  body: 'text',
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  ...over,
})
const lessons = [
  { id: 'l1', title: 'Welcome' },
  { id: 'l2', title: 'Knots' },
]

describe('notesToMarkdown', () => {
  it('writes a heading per lesson in course order and each note under its moment', () => {
    const markdown = notesToMarkdown('Alpine Basics', lessons, [
      note({ id: 'a', lesson_id: 'l2', at_s: 192, body: 'Figure **eight**' }),
      note({ id: 'b', lesson_id: 'l1', at_s: 5, body: 'Helmet on' }),
      note({ id: 'c', lesson_id: 'l1', at_s: null, body: 'Whole lesson thought\n' }),
    ])
    expect(markdown).toBe(
      [
        '# My notes: Alpine Basics',
        '',
        '## Welcome',
        '',
        '### On the whole lesson',
        '',
        'Whole lesson thought',
        '',
        '### At 0:05',
        '',
        'Helmet on',
        '',
        '## Knots',
        '',
        '### At 3:12',
        '',
        'Figure **eight**',
        '',
      ].join('\n'),
    )
  })

  it('puts notes of a lesson missing from the outline last, named as such', () => {
    const groups = groupNotesByLesson(lessons, [note({ lesson_id: 'gone' }), note({ lesson_id: 'l2' })])
    expect(groups.map((g) => g.lesson.title)).toEqual(['Knots', 'A lesson no longer in the course'])
  })
})

describe('exportFileName', () => {
  it('is the slug with a suffix, with nothing that could make a path', () => {
    expect(exportFileName('alpine-basics')).toBe('alpine-basics-notes.md')
    expect(exportFileName('../x')).toBe('---x-notes.md')
  })
})
