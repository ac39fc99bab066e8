// The /studio screen: my schools with my role and their courses, "New school" (I become its owner), and for someone
// who teaches nowhere yet the way to a first published course, step by step, starting with their school.
import { useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { School } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/empty-state'
import { studioQueries } from '../api/studio.queries'
import { useCreateSchool } from '../api/studio.mutations'
import { FirstCourseSteps } from './first-course-steps'
import { LazyNameSlugForm } from './lazy-name-slug-form'
import { SchoolCard } from './school-card'

export function StudioHome({ userId }: { userId: string }) {
  const { data: schools } = useSuspenseQuery(studioQueries.schools(userId))
  const [creating, setCreating] = useState(false)
  const createSchool = useCreateSchool(userId)

  const form = (
    <section aria-labelledby="new-school" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="new-school" className="mb-3 text-lg font-semibold text-slate-900">
        New school
      </h2>
      <LazyNameSlugForm
        kind="school"
        onCancel={() => setCreating(false)}
        onCreate={async (values) => {
          await createSchool.mutateAsync(values)
          setCreating(false)
        }}
      />
    </section>
  )

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Studio</h1>
        {creating || schools.length === 0 ? null : (
          <Button variant="outline" className="ml-auto" onClick={() => setCreating(true)}>
            New school
          </Button>
        )}
      </div>
      {creating ? form : null}
      {schools.length === 0 && !creating ? (
        <EmptyState icon={School} title="Start teaching on Summit">
          <p className="mb-3">Your first course, from nothing to published:</p>
          <FirstCourseSteps current={1} />
          <Button className="mt-4" onClick={() => setCreating(true)}>
            Create a school
          </Button>
        </EmptyState>
      ) : null}
      {schools.map((school) => (
        <SchoolCard key={school.id} school={school} userId={userId} />
      ))}
    </div>
  )
}
