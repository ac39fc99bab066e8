// Placeholder for the security section while its code loads (kept apart so the account route's own chunk
// does not carry the section).
export function SecuritySectionSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading security settings"
      className="h-72 animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none"
    />
  )
}
