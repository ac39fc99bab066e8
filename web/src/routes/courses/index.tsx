// /courses: the public catalog. Search params (q, level, language, sort, page) are validated with zod and fall
// back quietly; the loader fetches the page of results and the language list in parallel. A page past the last one
// (an old link, a search that now has fewer results) goes to the last page, so "Page 2 of 1" never shows.
import { useEffect } from 'react'
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { courseQueries } from '@/features/courses/api/courses.queries'
import { catalogSearchSchema, toCatalogQuery } from '@/features/courses/schemas/catalog-search.schema'
import { TeachOnSummit } from '../-components/teach-on-summit'
import { CatalogFilters } from './-components/catalog-filters'
import { CatalogHeading } from './-components/catalog-heading'
import { CatalogResults } from './-components/catalog-results'
import { CatalogSkeleton } from './-components/catalog-skeleton'

/** The page to show instead of `page` when it is past the last one (1 is left out of the URL), or null. */
function lastPageInstead(page: number, pageCount: number): number | undefined | null {
  if (page <= pageCount) return null
  return pageCount > 1 ? pageCount : undefined
}

export const Route = createFileRoute('/courses/')({
  validateSearch: catalogSearchSchema,
  loaderDeps: ({ search }) => toCatalogQuery(search),
  loader: async ({ context: { queryClient }, deps, cause, location }) => {
    const ready = Promise.all([
      queryClient.ensureQueryData(courseQueries.list(deps)),
      queryClient.ensureQueryData(courseQueries.languages()),
    ])
    // While the learner types or filters on this page, render at once and keep the previous results on screen
    // (the component shows the new ones when they arrive): blocking here would swap in the pending screen and
    // take the focus out of the search box.
    if (cause === 'stay') return void ready.catch(() => undefined)
    const [list] = await ready
    const instead = lastPageInstead(list.page, list.pageCount)
    if (instead !== null) {
      throw redirect({ to: '/courses', search: { ...location.search, page: instead }, replace: true })
    }
  },
  head: () => ({ meta: [{ title: 'Courses · Summit' }] }),
  pendingComponent: CatalogSkeleton,
  component: CatalogPage,
})

function CatalogPage() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: '/courses/' })
  const query = toCatalogQuery(search)
  const list = useQuery({ ...courseQueries.list(query), placeholderData: keepPreviousData })
  const { data: languages } = useSuspenseQuery(courseQueries.languages())

  // The same rule for results that arrive while staying on the page (the loader does not wait for those).
  const page = list.isPlaceholderData ? undefined : list.data
  const instead = page ? lastPageInstead(page.page, page.pageCount) : null
  useEffect(() => {
    if (instead !== null) void navigate({ search: (prev) => ({ ...prev, page: instead }), replace: true })
  }, [instead, navigate])

  return (
    <div className="flex flex-col gap-6">
      <CatalogHeading />
      <CatalogFilters search={search} languages={languages} />
      <CatalogResults list={list} query={query} />
      <TeachOnSummit />
    </div>
  )
}
