// "My notes" for a course: every note the learner wrote in it, grouped by lesson in course order, each lesson linked
// to the player, with an export of them all as one Markdown file (a download made in the browser).
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Download, NotebookPen } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { notesQueries } from '../api/notes.queries'
import { exportFileName, groupNotesByLesson, notesToMarkdown, type LessonRef } from '../lib/export-markdown'
import { NoteItem } from './note-item'

export interface CourseNotesProps {
  userId: string
  courseId: string
  courseTitle: string
  slug: string
  lessons: LessonRef[]
}

export function CourseNotes({ userId, courseId, courseTitle, slug, lessons }: CourseNotesProps) {
  const notes = useQuery(notesQueries.course(userId, courseId))

  if (notes.isPending) {
    return (
      <div role="status" aria-label="Loading your notes" className="flex flex-col gap-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    )
  }
  if (notes.isError) {
    return (
      <Alert tone="error" title="Your notes could not be loaded">
        <p>{errorMessage(notes.error)}</p>
        <Button variant="outline" className="mt-2" onClick={() => void notes.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (notes.data.length === 0) {
    return (
      <EmptyState icon={NotebookPen} title="No notes yet">
        Notes you write under a lesson appear here, grouped by lesson.
      </EmptyState>
    )
  }

  const download = () => {
    const blob = new Blob([notesToMarkdown(courseTitle, lessons, notes.data)], { type: 'text/markdown;charset=utf-8' })
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = exportFileName(slug)
    document.body.append(link)
    link.click()
    link.remove()
    // Revoked after the click has been handled: an immediate revoke can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          Export as Markdown
        </Button>
      </div>
      {groupNotesByLesson(lessons, notes.data).map(({ lesson, notes: list }) => (
        <section key={lesson.id} aria-labelledby={`notes-${lesson.id}`} className="flex flex-col gap-2">
          <h2 id={`notes-${lesson.id}`} className="text-lg font-semibold text-slate-900">
            {lessons.some((l) => l.id === lesson.id) ? (
              <Link
                to="/learn/$slug/$lessonId"
                params={{ slug, lessonId: lesson.id }}
                className="text-teal-800 underline-offset-2 hover:underline"
              >
                {lesson.title}
              </Link>
            ) : (
              lesson.title
            )}
          </h2>
          <ul className="flex flex-col gap-2">
            {list.map((note) => (
              <li key={note.id}>
                <NoteItem note={note} userId={userId} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
