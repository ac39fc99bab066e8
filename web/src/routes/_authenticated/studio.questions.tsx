// /studio/questions: questions waiting for the staff across every course of the signed-in member's schools, each
// linked to its lesson to answer there. Signed-out visitors are sent to sign in and brought back.
import { createFileRoute, Link } from '@tanstack/react-router'
import { ChevronLeft } from 'lucide-react'
import { questionsQueries } from '@/features/questions/api/questions.queries'
import { OpenQuestions } from '@/features/questions/components/open-questions'

export const Route = createFileRoute('/_authenticated/studio/questions')({
  // Started here so the list loads with the route; the component shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(questionsQueries.open(context.session.user.id))
  },
  head: () => ({ meta: [{ title: 'Questions · Studio · Summit' }] }),
  component: StudioQuestionsRoute,
})

function StudioQuestionsRoute() {
  const { session } = Route.useRouteContext()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Link
        to="/studio"
        className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-teal-800 hover:underline"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Studio
      </Link>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Questions waiting for an answer</h1>
        <p className="text-slate-600">
          Unresolved questions in your courses that no one on the staff has answered yet, oldest first.
        </p>
      </div>
      <OpenQuestions userId={session.user.id} />
    </div>
  )
}
