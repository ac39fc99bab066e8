// Previous / next links between catalog pages; the page number lives in the URL so a page can be shared.
import { Link } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '@/lib/cn'

const linkClass =
  'inline-flex h-10 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-100'

export function CatalogPager({ page, pageCount }: { page: number; pageCount: number }) {
  const previous = Math.min(page - 1, pageCount)
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 pt-2">
      {page > 1 ? (
        <Link
          from="/courses/"
          to="/courses"
          search={(prev) => ({ ...prev, page: previous > 1 ? previous : undefined })}
          className={linkClass}
          rel="prev"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous<span className="sr-only"> page</span>
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link
          from="/courses/"
          to="/courses"
          search={(prev) => ({ ...prev, page: page + 1 })}
          className={cn(linkClass)}
          rel="next"
        >
          Next<span className="sr-only"> page</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
