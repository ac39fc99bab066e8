// The catalog's results: a live count, the course grid, the pager, and the empty and error states. Old results stay
// (dimmed) while the next ones load, so typing in the search box never blanks the page.
import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SearchX } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import type { CoursePage } from '@/features/courses/api/courses.api'
import { CourseCard, CourseCardSkeleton, CourseGrid } from '@/features/courses/components/course-card'
import type { CatalogQuery } from '@/features/courses/schemas/catalog-search.schema'
import { errorMessage } from '@/lib/errors'
import { CatalogPager } from './catalog-pager'
import { plural } from '@/lib/format/plural'

export function CatalogResults({ list, query }: { list: UseQueryResult<CoursePage>; query: CatalogQuery }) {
  const { data: page, isPlaceholderData, isError, error, refetch, isRefetching } = list

  if (!page) {
    return isError ? (
      <LoadError message={errorMessage(error)} onRetry={() => void refetch()} retrying={isRefetching} />
    ) : (
      <CourseGrid>
        {Array.from({ length: 6 }, (_, index) => (
          <CourseCardSkeleton key={index} />
        ))}
      </CourseGrid>
    )
  }

  return (
    <section aria-labelledby="catalog-results-count" className="flex flex-col gap-4" aria-busy={isPlaceholderData}>
      <p id="catalog-results-count" role="status" className="text-sm text-slate-600">
        {isPlaceholderData ? 'Searching…' : resultCount(page.total)}
      </p>
      {isError ? (
        <LoadError message={errorMessage(error)} onRetry={() => void refetch()} retrying={isRefetching} />
      ) : null}
      {page.courses.length === 0 ? (
        <NoResults query={query} total={page.total} />
      ) : (
        // The last results stay at full contrast while the next load ("Searching…" above says so): dimmed text
        // would fall below WCAG's 4.5:1 for as long as the load takes.
        <CourseGrid>
          {page.courses.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </CourseGrid>
      )}
      {page.pageCount > 1 || page.page > 1 ? <CatalogPager page={page.page} pageCount={page.pageCount} /> : null}
    </section>
  )
}

function resultCount(total: number): string {
  return plural(total, 'course')
}

function NoResults({ query, total }: { query: CatalogQuery; total: number }) {
  const filtered = query.q !== '' || query.level !== undefined || query.language !== undefined
  // Past the last page of a search that does have results: offer the first page instead.
  if (total > 0) {
    return (
      <EmptyState icon={SearchX} title="This page is empty">
        <p>There are only {resultCount(total)} here.</p>
        <Button asChild variant="outline" className="mt-4">
          <Link from="/courses/" to="/courses" search={(prev) => ({ ...prev, page: undefined })}>
            Go to the first page
          </Link>
        </Button>
      </EmptyState>
    )
  }
  return (
    <EmptyState icon={SearchX} title={filtered ? noMatchTitle(query) : 'No courses yet'}>
      {filtered ? (
        <>
          <p>Try other words, or clear the filters to see every course.</p>
          <Button asChild variant="outline" className="mt-4">
            <Link to="/courses" search={{}}>
              Clear filters
            </Link>
          </Button>
        </>
      ) : (
        <p>New courses will show up here as soon as they are published.</p>
      )}
    </EmptyState>
  )
}

function noMatchTitle(query: CatalogQuery): string {
  return query.q !== '' ? `No courses match “${query.q}”` : 'No courses match these filters'
}

function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert tone="error" title="The courses could not be loaded">
      <p>{message}</p>
      <Button variant="outline" className="mt-2" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
    </Alert>
  )
}
