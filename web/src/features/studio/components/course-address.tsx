// The course's public web address in the editor, with a button that copies it: what a creator shares. It follows the
// slug as autosave changes it, and says when the address does not open for learners yet (a draft or archived course).
import { CopyButton } from '@/components/copy-button'
import type { EditableCourse } from '../api/course.api'

export function courseAddress(slug: string, origin: string = window.location.origin): string {
  return `${origin}/courses/${encodeURIComponent(slug)}`
}

export function CourseAddress({ course }: { course: Pick<EditableCourse, 'slug' | 'status'> }) {
  const address = courseAddress(course.slug)
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p id="course-address-label" className="font-medium text-slate-900">
        Public address
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={address}
          aria-describedby="course-address-label"
          className="min-w-0 rounded-md [overflow-wrap:anywhere] text-teal-800 underline"
        >
          {address}
        </a>
        <CopyButton text={address} label="Copy address" />
      </div>
      {course.status !== 'published' ? (
        <p className="text-slate-600">Learners can open it once the course is published.</p>
      ) : null}
    </div>
  )
}
