// "5 learning now" on the course page, for the course's learners and staff (the only ones the live channel admits):
// everyone with the course open counts once, this viewer included. Nothing shows until the count is known.
import { Users } from 'lucide-react'
import { useSession } from '@/lib/use-session'
import { useLearningNow } from '../api/use-live-course'

export function LearningNow({ courseId }: { courseId: string }) {
  const userId = useSession().user?.id
  return userId ? <LearningNowCount key={userId} courseId={courseId} userId={userId} /> : null
}

function LearningNowCount({ courseId, userId }: { courseId: string; userId: string }) {
  const count = useLearningNow(courseId, userId)
  if (count === null || count === 0) return null
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="learning-now">
      <Users aria-hidden="true" className="size-4 text-teal-700" />
      {count === 1 ? 'Only you are here right now' : `${count} learning now`}
    </p>
  )
}
