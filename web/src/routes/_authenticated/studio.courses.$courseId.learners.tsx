// /studio/courses/$courseId/learners: who learns in a course and what the instructor can do about it, the one door to
// a course's access. Tabs: the roster ("Learners"), cohorts, invite links, access codes and events (the open tab is
// `?tab=`; /studio/courses/$courseId/access redirects here). The roster's search, filters, sort and page are URL
// search params. An unknown course, or one of another school, is not-found without retries.
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { Tabs } from '@/components/ui/tabs'
import {
  LazyAccessCodesPanel,
  LazyCohortsPanel,
  LazyEventsPanel,
  LazyInvitesPanel,
} from '@/features/course-access/components/lazy-access-panels'
import { LearnersPanel } from '@/features/learners/components/learners-panel'
import { rosterSearchSchema, type RosterSearch } from '@/features/learners/schemas/roster-search.schema'
import { loadStudioCourseTitle } from '@/features/studio/api/course-title.loader'
import { CourseSubpageHeader } from '@/features/studio/components/course-subpage-header'
import { StudioCourseNotFound } from '@/features/studio/components/studio-course-not-found'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'

export const learnersTabs = ['learners', 'cohorts', 'invites', 'codes', 'events'] as const
type LearnersTab = (typeof learnersTabs)[number]

const learnersSearchSchema = z.extend(rosterSearchSchema, {
  tab: z.catch(z.optional(z.enum(learnersTabs)), undefined),
})

export const Route = createFileRoute('/_authenticated/studio/courses/$courseId/learners')({
  validateSearch: learnersSearchSchema,
  loader: ({ context: { queryClient }, params }) => loadStudioCourseTitle(queryClient, params.courseId),
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `Learners · ${loaderData.title} · Studio · Summit` : 'Learners · Studio · Summit' }],
  }),
  pendingComponent: StudioSkeleton,
  notFoundComponent: StudioCourseNotFound,
  component: LearnersRoute,
})

const accessTabs = [
  { value: 'cohorts', label: 'Cohorts', Panel: LazyCohortsPanel },
  { value: 'invites', label: 'Invite links', Panel: LazyInvitesPanel },
  { value: 'codes', label: 'Access codes', Panel: LazyAccessCodesPanel },
  { value: 'events', label: 'Events', Panel: LazyEventsPanel },
] as const

const tabClass =
  'inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-teal-700 data-[state=active]:text-slate-900'

function LearnersRoute() {
  const { courseId } = Route.useParams()
  const { title } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearchChange = (patch: Partial<RosterSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })

  return (
    <div className="flex flex-col gap-6">
      <CourseSubpageHeader courseId={courseId} courseTitle={title}>
        Learners
      </CourseSubpageHeader>
      <Tabs.Root
        value={search.tab ?? 'learners'}
        onValueChange={(tab) =>
          void navigate({
            search: (previous) => ({ ...previous, tab: tab === 'learners' ? undefined : (tab as LearnersTab) }),
            replace: true,
          })
        }
        className="flex flex-col gap-4"
      >
        <Tabs.List aria-label="Manage the course's learners" className="flex flex-wrap gap-1 border-b border-slate-200">
          <Tabs.Trigger value="learners" className={tabClass}>
            Learners
          </Tabs.Trigger>
          {accessTabs.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="learners" className="focus-visible:outline-2 focus-visible:outline-teal-700">
          <LearnersPanel courseId={courseId} courseName={title} search={search} onSearchChange={onSearchChange} />
        </Tabs.Content>
        {accessTabs.map(({ value, Panel }) => (
          <Tabs.Content
            key={value}
            value={value}
            className="rounded-xl border border-slate-200 bg-white p-4 focus-visible:outline-2 focus-visible:outline-teal-700 sm:p-6"
          >
            <Panel courseId={courseId} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  )
}
