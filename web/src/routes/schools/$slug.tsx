// /schools/$slug: a school's public page, signed in or not — its logo and accent colour, its about text, who teaches
// its courses and its catalog courses (the catalog's cards). The school comes from one call (school_page) in the
// loader; an unknown school, or one without a published course, answers school_not_found, shown as this route's
// not-found state at once (the query client does not retry refusals). The courses load beside it.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { courseQueries } from '@/features/courses/api/courses.queries'
import { schoolQueries } from '@/features/schools/api/schools.queries'
import { SchoolAbout } from '@/features/schools/components/school-about'
import { SchoolHero } from '@/features/schools/components/school-hero'
import { SchoolNotFound } from '@/features/schools/components/school-not-found'
import { SchoolPageSkeleton } from '@/features/schools/components/school-page-skeleton'
import { errorCode } from '@/lib/errors'
import { logoUrl } from '@/lib/schools/logo-url'
import { SchoolCourses } from './-components/school-courses'
import { SchoolInstructors } from './-components/school-instructors'
import { schoolSummary } from './-components/school-summary'

export const Route = createFileRoute('/schools/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    const school = await queryClient.ensureQueryData(schoolQueries.page(params.slug)).catch((error) => {
      if (errorCode(error) === 'school_not_found') throw notFound()
      throw error
    })
    // The courses start loading with the page; the component shows their own loading and error states.
    void queryClient.prefetchQuery(courseQueries.bySchool(school.id))
    return {
      name: school.name,
      description: schoolSummary(school.about_md, school.name),
      image: school.logo_path ? logoUrl(school.logo_path) : null,
    }
  },
  head: ({ loaderData, match }) => {
    if (!loaderData) {
      return { meta: [{ title: match.status === 'notFound' ? 'School not found · Summit' : 'School · Summit' }] }
    }
    const title = `${loaderData.name} · Summit`
    return {
      meta: [
        { title },
        { name: 'description', content: loaderData.description },
        { property: 'og:type', content: 'website' },
        { property: 'og:site_name', content: 'Summit' },
        { property: 'og:title', content: loaderData.name },
        { property: 'og:description', content: loaderData.description },
        ...(loaderData.image ? [{ property: 'og:image', content: loaderData.image }] : []),
      ],
    }
  },
  pendingComponent: SchoolPageSkeleton,
  notFoundComponent: SchoolNotFound,
  component: SchoolRoute,
})

function SchoolRoute() {
  const { slug } = Route.useParams()
  const { data: school } = useSuspenseQuery(schoolQueries.page(slug))
  return (
    <article className="flex flex-col gap-8">
      <SchoolHero school={school} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <SchoolAbout source={school.about_md} name={school.name} />
        <SchoolInstructors instructors={school.instructors} />
      </div>
      <SchoolCourses schoolId={school.id} schoolName={school.name} />
    </article>
  )
}
