// Shown for a course slug nobody may see: it does not exist, or it is a draft (PRODUCT.md §6).
import { Link } from '@tanstack/react-router'
import { SearchX } from 'lucide-react'
import { Button } from '@/components/ui/button'

export function CourseNotFound() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <SearchX aria-hidden="true" className="size-10 text-slate-400" />
      <h1 className="text-xl font-semibold text-slate-900">Course not found</h1>
      <p className="text-slate-600">
        We couldn't find this course. The link may be old, or the course is not available yet.
      </p>
      <Button asChild>
        <Link to="/courses">Browse all courses</Link>
      </Button>
    </section>
  )
}
