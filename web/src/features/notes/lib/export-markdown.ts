// "My notes" exported as one Markdown file: the course as the title, a heading per lesson in course order, each note
// under its moment ("At 3:12") or as a note on the whole lesson. Pure, so it is tested without a browser.
import type { NoteRow } from '../api/notes.api'
import { formatClock } from '@/lib/format/clock'

export interface LessonRef {
  id: string
  title: string
}

/** The course's notes grouped by lesson, lessons in course order; notes of lessons gone from the outline go last. */
export function groupNotesByLesson(lessons: LessonRef[], notes: NoteRow[]): { lesson: LessonRef; notes: NoteRow[] }[] {
  const order = new Map(lessons.map((lesson, index) => [lesson.id, index]))
  const groups = new Map<string, NoteRow[]>()
  for (const note of notes) groups.set(note.lesson_id, [...(groups.get(note.lesson_id) ?? []), note])
  return [...groups.entries()]
    .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity))
    .map(([lessonId, list]) => ({
      lesson: lessons.find((l) => l.id === lessonId) ?? { id: lessonId, title: 'A lesson no longer in the course' },
      notes: [...list].sort(compareNotes),
    }))
}

/** Whole-lesson notes first, then by moment, then oldest first. */
export function compareNotes(a: NoteRow, b: NoteRow): number {
  const at = (a.at_s ?? -1) - (b.at_s ?? -1)
  return at !== 0 ? at : a.created_at.localeCompare(b.created_at)
}

export function notesToMarkdown(courseTitle: string, lessons: LessonRef[], notes: NoteRow[]): string {
  const lines = [`# My notes: ${courseTitle}`, '']
  for (const group of groupNotesByLesson(lessons, notes)) {
    lines.push(`## ${group.lesson.title}`, '')
    for (const note of group.notes) {
      lines.push(note.at_s === null ? '### On the whole lesson' : `### At ${formatClock(note.at_s)}`, '')
      lines.push(note.body.trim(), '')
    }
  }
  return `${lines.join('\n').trimEnd()}\n`
}

/** A file name for the export: the course slug, never a path. */
export function exportFileName(slug: string): string {
  return `${slug.replace(/[^a-z0-9-]/gi, '-') || 'course'}-notes.md`
}
