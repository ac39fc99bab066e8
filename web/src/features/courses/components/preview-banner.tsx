// The band across a learner preview (course page and player): says that this is what a learner who enrolls today
// sees, that nothing is recorded, and leads back to the course's editor.
import { Link } from '@tanstack/react-router'
import { ChevronLeft, Eye } from 'lucide-react'
import { Button } from '@/components/ui/button'

export function PreviewBanner({ courseId }: { courseId: string }) {
  return (
    <section
      aria-labelledby="preview-banner-title"
      className="flex flex-col gap-3 rounded-xl border border-violet-300 bg-violet-50 p-4 text-violet-950 sm:flex-row sm:items-center"
    >
      <Eye aria-hidden="true" className="hidden size-6 shrink-0 sm:block" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p id="preview-banner-title" className="font-semibold">
          You are previewing as a learner
        </p>
        <p className="text-sm">
          This is what a learner who enrolls today sees, locks included. Nothing you do here is recorded.
        </p>
      </div>
      <Button asChild variant="outline" className="shrink-0">
        <Link to="/studio/courses/$courseId" params={{ courseId }}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Back to the studio
        </Link>
      </Button>
    </section>
  )
}
