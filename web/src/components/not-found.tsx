// Shown for any URL no route matches (and for `notFound()` thrown by a loader), with a way home.
import { Link } from '@tanstack/react-router'
import { Compass } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { PageMessage } from './page-message'

export function NotFound() {
  return (
    <PageMessage
      icon={Compass}
      title="Page not found"
      actions={
        <Button asChild>
          <Link to="/">Go to the home page</Link>
        </Button>
      }
    >
      <p>We couldn't find this page. The link may be old, or the page may have moved.</p>
    </PageMessage>
  )
}
