// /calendar: the signed-in learner's study sessions, live sessions and deadlines (month, week or agenda, in their
// time zone) and their study plans. Signed-out visitors are sent to sign in and brought back here. The view and the
// date it shows are search params; the router plugin splits this page (and its date library) from the first load.
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { calendarQueries } from '@/features/calendar/api/calendar.queries'
import { CalendarPage } from '@/features/calendar/components/calendar-page'
import { CalendarPageSkeleton } from '@/features/calendar/components/calendar-page-skeleton'
import { calendarViews } from '@/features/calendar/lib/calendar-views'

const calendarSearchSchema = z.object({
  view: z.catch(z.optional(z.enum(calendarViews)), undefined),
  date: z.catch(z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/))), undefined),
})

export const Route = createFileRoute('/_authenticated/calendar')({
  validateSearch: calendarSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(calendarQueries.timeZone(context.session.user.id)),
  head: () => ({ meta: [{ title: 'Your calendar · Summit' }] }),
  pendingComponent: CalendarPageSkeleton,
  component: CalendarRoute,
})

function CalendarRoute() {
  const { session } = Route.useRouteContext()
  const { view, date } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <CalendarPage
      userId={session.user.id}
      view={view ?? 'agenda'}
      date={date}
      onChange={(next) =>
        void navigate({
          search: { ...(next.view === 'agenda' ? {} : { view: next.view }), ...(next.date ? { date: next.date } : {}) },
        })
      }
    />
  )
}
