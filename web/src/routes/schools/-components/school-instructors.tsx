// Who teaches at the school: the instructors of its published courses, with their avatars (or initials).
import { Users } from 'lucide-react'
import { UserAvatar } from '@/features/account/components/user-avatar'
import type { SchoolInstructor } from '@/features/schools/api/school-page.api'

export function SchoolInstructors({ instructors }: { instructors: SchoolInstructor[] }) {
  return (
    <section aria-labelledby="school-instructors-heading" className="flex flex-col gap-3">
      <h2 id="school-instructors-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <Users aria-hidden="true" className="size-5 text-slate-500" />
        Instructors
      </h2>
      {instructors.length === 0 ? (
        <p className="text-slate-600">The instructors appear here once a course is published.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {instructors.map((instructor, index) => (
            <li key={`${instructor.display_name}-${index}`} className="flex min-w-0 items-center gap-3">
              <UserAvatar name={instructor.display_name} path={instructor.avatar_path} size={40} className="size-10" />
              <span className="min-w-0 font-medium break-words text-slate-900">{instructor.display_name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
