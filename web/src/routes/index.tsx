// Home. For now a welcome and an empty "my courses" state; the signed-out hero and the
// signed-in dashboard (PRODUCT.md §2) replace the empty state as those features land.
import { createFileRoute } from '@tanstack/react-router'
import { BookOpen } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'

export const Route = createFileRoute('/')({
  component: HomePage,
})

function HomePage() {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Welcome to Summit</h1>
        <p className="text-slate-600">Learn at your own pace, one lesson at a time.</p>
      </div>
      <EmptyState icon={BookOpen} title="No courses yet">
        <p>
          When you enroll in a course, it will show up here with your progress, so you can pick up where you left off.
        </p>
      </EmptyState>
    </div>
  )
}
