// Shown for a lesson id that is not a lesson of this course, or a course of a school I am not a member of.
import { Link, useParams } from '@tanstack/react-router'
import { SearchX } from 'lucide-react'
import { PageMessage } from '@/components/page-message'
import { Button } from '@/components/ui/button'

export function LessonNotFound() {
  const { courseId } = useParams({ strict: false })
  return (
    <PageMessage
      icon={SearchX}
      title="Lesson not found"
      actions={
        <Button asChild>
          {courseId ? (
            <Link to="/studio/courses/$courseId" params={{ courseId }}>
              Back to the course
            </Link>
          ) : (
            <Link to="/studio">Back to the studio</Link>
          )}
        </Button>
      }
    >
      <p>This lesson does not exist, was deleted, or belongs to a course you do not edit.</p>
    </PageMessage>
  )
}
