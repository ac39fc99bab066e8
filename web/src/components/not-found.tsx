// Shown for any URL no route matches (and for `notFound()` thrown by a loader), with a way home.
import { Link } from '@tanstack/react-router'
import { Compass } from 'lucide-react'
import { Button } from '@/components/ui/button'

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <Compass aria-hidden="true" className="size-10 text-slate-400" />
      <h1 className="text-xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-slate-600">We couldn't find this page. The link may be old, or the page may have moved.</p>
      <Button asChild>
        <Link to="/">Go to the home page</Link>
      </Button>
    </section>
  )
}
