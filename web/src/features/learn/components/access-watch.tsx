// Stops an open lesson the moment the learner loses access to the course (removed by an instructor): pauses every
// video on the page and covers the player with "You no longer have access to this course" and a way to the course
// page. Mounted by the player for learners only.
import { useEffect, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { Lock } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useAccessWatch } from './use-access-watch'

export function AccessWatch({ courseId, slug, enabled }: { courseId: string; slug: string; enabled: boolean }) {
  const revoked = useAccessWatch(courseId, enabled)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (!revoked) return
    for (const video of document.querySelectorAll('video')) video.pause()
    headingRef.current?.focus()
  }, [revoked])

  if (!revoked) return null
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <section
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="access-revoked-title"
        aria-describedby="access-revoked-text"
        className="flex max-w-md flex-col items-center gap-4 rounded-xl bg-white p-6 text-center shadow-xl"
      >
        <Lock aria-hidden="true" className="size-10 text-slate-500" />
        <h2 id="access-revoked-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900">
          You no longer have access to this course
        </h2>
        <p id="access-revoked-text" className="text-slate-600">
          An instructor removed you from this course. Your progress is kept; ask the instructor if you think this is a
          mistake.
        </p>
        <Button asChild>
          <Link to="/courses/$slug" params={{ slug }}>
            Go to the course page
          </Link>
        </Button>
      </section>
    </div>
  )
}
