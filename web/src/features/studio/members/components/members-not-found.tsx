// Shown for a school id that does not exist or a school I am not a member of.
import { Link } from '@tanstack/react-router'
import { SearchX } from 'lucide-react'
import { PageMessage } from '@/components/page-message'
import { Button } from '@/components/ui/button'

export function MembersNotFound() {
  return (
    <PageMessage
      icon={SearchX}
      title="School not found"
      actions={
        <Button asChild>
          <Link to="/studio">Back to the studio</Link>
        </Button>
      }
    >
      <p>This school does not exist, or you are not a member of it.</p>
    </PageMessage>
  )
}
