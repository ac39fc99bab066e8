// Shown for a course id that does not exist or belongs to a school I am not a member of.
import { Link } from '@tanstack/react-router'
import { SearchX } from 'lucide-react'
import { PageMessage } from '@/components/page-message'
import { Button } from '@/components/ui/button'

export function StudioCourseNotFound() {
  return (
    <PageMessage
      icon={SearchX}
      title="Course not found"
      actions={
        <Button asChild>
          <Link to="/studio">Back to the studio</Link>
        </Button>
      }
    >
      <p>This course does not exist, or it belongs to a school you are not a member of.</p>
    </PageMessage>
  )
}
