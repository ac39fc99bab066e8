// "Teach on Summit": the way in for someone who does not teach yet, on home and the catalog. A visitor creates an
// account first and comes back to the studio; a signed-in learner goes straight there (create a school, then the
// first course). School members never see it: they have the studio in the header and their teaching on home.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { GraduationCap } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { membershipQuery } from '@/features/studio/api/membership.queries'
import { useSession } from '@/lib/use-session'

export function TeachOnSummit({ headingLevel: Heading = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const { user, isLoading } = useSession()
  const member = useQuery({ ...membershipQuery(user?.id ?? ''), enabled: Boolean(user) })
  // Wait for the answer rather than show the invitation to someone who already teaches.
  if (isLoading || (user && member.data !== false)) return null
  return (
    <section
      aria-labelledby="teach-on-summit"
      className="flex flex-col gap-3 rounded-xl border border-teal-200 bg-teal-50 p-4 sm:flex-row sm:items-center sm:p-6"
    >
      <GraduationCap aria-hidden="true" className="size-8 shrink-0 text-teal-800" />
      <div className="flex flex-1 flex-col gap-1">
        <Heading id="teach-on-summit" className="text-lg font-semibold text-slate-900">
          Teach on Summit
        </Heading>
        <p className="text-slate-700">
          Create a school, write your first course with video and text lessons, and publish it when it is ready.
        </p>
      </div>
      <Button asChild className="self-start sm:self-center">
        {user ? (
          <Link to="/studio">Start teaching</Link>
        ) : (
          <Link to="/auth/sign-up" search={{ redirect: '/studio' }}>
            Start teaching
          </Link>
        )}
      </Button>
    </section>
  )
}
