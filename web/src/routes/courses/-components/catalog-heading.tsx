// The catalog's title block, shared by the page and its loading skeleton so nothing jumps when results arrive.
export function CatalogHeading() {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Courses</h1>
      <p className="text-slate-600">Find a course and start learning today.</p>
    </div>
  )
}
