// What publishing needs (course_publish_checklist: title, slug, curriculum, videos), whether finishing the course
// earns a certificate (never a blocker), the state buttons the course's current state allows (Publish, Back to draft,
// Archive) and "Preview as learner". The database has the last word;
// its refusals (learners keep a course out of draft, archiving needs two-factor sign-in) are shown as sentences.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Award, CircleCheck, CircleX, Eye } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { SubmitButton } from '@/components/submit-button'
import { errorMessage } from '@/lib/errors'
import type { EditableCourse } from '../api/course.api'
import { useSetCourseStatus } from '../api/publish.mutations'
import { studioQueries } from '../api/studio.queries'
import { statusErrorMessage } from '../lib/status-error'
import { plural, pluralWord } from '@/lib/format/plural'

const itemLabels: Record<string, string> = {
  title: 'Title',
  slug: 'Web address',
  curriculum: 'At least one section with a lesson',
  videos: 'Every video lesson has a video',
}

export function PublishPanel({ course }: { course: EditableCourse }) {
  const checklist = useQuery(studioQueries.checklist(course.id))
  const setStatus = useSetCourseStatus(course.id)
  const blocked = checklist.data?.some((item) => !item.ok) ?? true
  const pending = setStatus.isPending ? setStatus.variables : null
  const refusal = setStatus.isError ? statusErrorMessage(setStatus.error) : null

  return (
    <div className="flex flex-col gap-4">
      {checklist.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : checklist.isError ? (
        <Alert tone="error">{errorMessage(checklist.error)}</Alert>
      ) : (
        <ul aria-label="Publishing checklist" className="flex flex-col gap-2">
          {checklist.data.map((item) => (
            <li key={item.item} className="flex items-start gap-2">
              {item.ok ? (
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
              ) : (
                <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
              )}
              <span>
                <span className="font-medium text-slate-900">{itemLabels[item.item] ?? item.item}</span>
                <span className="sr-only">{item.ok ? ': done' : ': not yet'}</span>
                {!item.ok && item.message ? <span className="block text-sm text-slate-700">{item.message}</span> : null}
              </span>
            </li>
          ))}
          <CertificateItem enabled={course.certificate_enabled} />
        </ul>
      )}
      {refusal ? (
        <Alert tone="error" title={refusal.title}>
          {refusal.message}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {course.status !== 'published' ? (
          <SubmitButton
            type="button"
            busy={pending === 'published'}
            disabled={blocked || setStatus.isPending}
            onClick={() => setStatus.mutate('published')}
          >
            Publish
          </SubmitButton>
        ) : null}
        {course.status !== 'draft' ? (
          <SubmitButton
            type="button"
            variant="outline"
            busy={pending === 'draft'}
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate('draft')}
          >
            Back to draft
          </SubmitButton>
        ) : null}
        {course.status !== 'archived' ? (
          <SubmitButton
            type="button"
            variant="outline"
            busy={pending === 'archived'}
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate('archived')}
          >
            Archive
          </SubmitButton>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/courses/$slug" params={{ slug: course.slug }} search={{ preview: 'learner' }}>
            <Eye aria-hidden="true" className="size-4" />
            Preview as learner
          </Link>
        </Button>
      </div>
      {course.status === 'published' && course.learner_count > 0 ? (
        <p className="text-sm text-slate-600">
          {plural(course.learner_count, 'learner')} {pluralWord(course.learner_count, 'is', 'are')} enrolled, so this
          course cannot go back to draft; archive it to take it out of the catalog.
        </p>
      ) : null}
      {blocked && course.status !== 'published' && !checklist.isPending ? (
        <p className="text-sm text-slate-600">Publish becomes available once every item above is done.</p>
      ) : null}
    </div>
  )
}

/** A setting rather than a requirement: it says what learners get, and where to change it. */
function CertificateItem({ enabled }: { enabled: boolean }) {
  return (
    <li className="flex items-start gap-2">
      <Award aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${enabled ? 'text-teal-700' : 'text-slate-500'}`} />
      <span>
        <span className="font-medium text-slate-900">
          {enabled ? 'Certificate on completion: on' : 'Certificate on completion: off'}
        </span>
        <span className="block text-sm text-slate-700">
          {enabled
            ? 'Learners who finish every lesson get a verifiable certificate. Turn it off under Details.'
            : 'Learners who finish get no certificate. Turn it on under Details.'}
        </span>
      </span>
    </li>
  )
}
