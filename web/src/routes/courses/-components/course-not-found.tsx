// Shown for a course slug nobody may see: it does not exist, or it is a draft (PRODUCT.md §6).
import { Link } from '@tanstack/react-router'
import { SearchX } from 'lucide-react'
import { PageMessage } from '@/components/page-message'
import { Button } from '@/components/ui/button'

export function CourseNotFound() {
  return (
    <PageMessage
      icon={SearchX}
      title="Course not found"
      actions={
        <Button asChild>
          <Link to="/courses">Browse all courses</Link>
        </Button>
      }
    >
      <p>We couldn't find this course. The link may be old, or the course is not available yet.</p>
    </PageMessage>
  )
}
