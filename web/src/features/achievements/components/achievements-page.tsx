// /achievements: the whole catalogue, earned trophies with their dates and locked ones marked as such. The catalogue
// is never empty, so a learner who has earned nothing still sees what there is to earn; while loading a skeleton
// stands in, and an error offers to try again.
import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { achievementQueries } from '../api/achievements.queries'
import { toTrophyList } from '../lib/trophy-list'
import { TrophyCard } from './trophy-card'

export function AchievementsPage({ userId }: { userId: string }) {
  const catalogue = useQuery(achievementQueries.catalogue())
  const earned = useQuery(achievementQueries.earned(userId))
  const trophies = catalogue.data && earned.data ? toTrophyList(catalogue.data, earned.data) : null
  const earnedCount = trophies?.filter((trophy) => trophy.earned).length ?? 0
  const error = catalogue.error ?? earned.error

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Achievements</h1>
        {trophies ? (
          <p className="text-slate-600">
            {earnedCount} of {trophies.length} earned
          </p>
        ) : null}
      </header>
      {trophies ? (
        <ul aria-label="Trophies" className="grid gap-3 sm:grid-cols-2">
          {trophies.map((trophy) => (
            <TrophyCard key={trophy.code} trophy={trophy} />
          ))}
        </ul>
      ) : error ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
          <p>{errorMessage(error)}</p>
          <Button
            variant="outline"
            onClick={() => {
              if (catalogue.isError) void catalogue.refetch()
              if (earned.isError) void earned.refetch()
            }}
          >
            Try again
          </Button>
        </div>
      ) : (
        <AchievementsSkeleton />
      )}
    </div>
  )
}

export function AchievementsSkeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading your achievements…
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full rounded-xl" />
        ))}
      </div>
    </>
  )
}
