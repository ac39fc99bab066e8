// Shown for a school slug nobody may see: it does not exist, or it has no published course yet.
import { Link } from '@tanstack/react-router'
import { SearchX } from 'lucide-react'
import { PageMessage } from '@/components/page-message'
import { Button } from '@/components/ui/button'

export function SchoolNotFound() {
  return (
    <PageMessage
      icon={SearchX}
      title="School not found"
      actions={
        <Button asChild>
          <Link to="/courses">Browse all courses</Link>
        </Button>
      }
    >
      <p>We couldn't find this school. The link may be old, or the school has no published course yet.</p>
    </PageMessage>
  )
}
