// Placeholder for /account while the profile loads. Its own module: the route keeps its pending component in the
// app's entry chunk, and account-page.tsx would bring the profile form and its form library along.
export function AccountPageSkeleton() {
  return (
    <div role="status" aria-label="Loading your account" className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="h-9 w-48 animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none" />
      <div className="h-40 animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none" />
      <div className="h-64 animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none" />
    </div>
  )
}
