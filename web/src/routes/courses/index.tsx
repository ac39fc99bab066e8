// /courses: the public catalog. Search params (q, level, language, sort, page) are validated with zod and fall
// back quietly; the loader fetches the page of results and the language list in parallel.
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { courseQueries } from '@/features/courses/api/courses.queries'
import { catalogSearchSchema, toCatalogQuery } from '@/features/courses/schemas/catalog-search.schema'
import { CatalogFilters } from './-components/catalog-filters'
import { CatalogHeading } from './-components/catalog-heading'
import { CatalogResults } from './-components/catalog-results'
import { CatalogSkeleton } from './-components/catalog-skeleton'

export const Route = createFileRoute('/courses/')({
  validateSearch: catalogSearchSchema,
  loaderDeps: ({ search }) => toCatalogQuery(search),
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const ready = Promise.all([
      queryClient.ensureQueryData(courseQueries.list(deps)),
      queryClient.ensureQueryData(courseQueries.languages()),
    ])
    // While the learner types or filters on this page, render at once and keep the previous results on screen
    // (the component shows the new ones when they arrive): blocking here would swap in the pending screen and
    // take the focus out of the search box.
    if (cause === 'stay') return void ready.catch(() => undefined)
    await ready
  },
  pendingComponent: CatalogSkeleton,
  component: CatalogPage,
})

function CatalogPage() {
  const search = Route.useSearch()
  const query = toCatalogQuery(search)
  const list = useQuery({ ...courseQueries.list(query), placeholderData: keepPreviousData })
  const { data: languages } = useSuspenseQuery(courseQueries.languages())

  return (
    <div className="flex flex-col gap-6">
      <CatalogHeading />
      <CatalogFilters search={search} languages={languages} />
      <CatalogResults list={list} query={query} />
    </div>
  )
}
