// The course's details with autosave: every change is checked against the same rules as the database and, when
// valid, queued; a field in error shows its sentence beside it and is not sent. The description is previewed live
// with the renderer learners see.
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Checkbox } from '@/components/ui/checkbox'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import type { CourseDetailsPatch, EditableCourse } from '../api/course.api'
import { LazyCoverUpload } from '../cover/components/lazy-cover-upload'
import { detailsSchema } from '../schemas/studio.schemas'
import { AutosaveStatusText, ConflictBanner } from './autosave-status'
import { useCourseAutosave } from './use-course-autosave'

type DetailsValues = Required<Omit<CourseDetailsPatch, 'subtitle'>> & { subtitle: string }

const selectClass =
  'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600'

function valuesOf(course: EditableCourse): DetailsValues {
  return {
    title: course.title,
    subtitle: course.subtitle ?? '',
    description_md: course.description_md,
    level: course.level,
    language: course.language,
    visibility: course.visibility,
    enrollment_mode: course.enrollment_mode,
    progression: course.progression,
    certificate_enabled: course.certificate_enabled,
  }
}

export function DetailsForm({ course }: { course: EditableCourse }) {
  const { register, control, subscribe, setError, clearErrors, setValue, reset, formState } = useForm<DetailsValues>({
    defaultValues: valuesOf(course),
  })
  const autosave = useCourseAutosave(course, (fresh) => reset(valuesOf(fresh)))
  const { edit } = autosave
  const description = useWatch({ control, name: 'description_md' })
  const certificate = useWatch({ control, name: 'certificate_enabled' })

  useEffect(() => {
    return subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        if (!name) return
        const key = name as keyof DetailsValues
        const rule = detailsSchema.shape[key as keyof typeof detailsSchema.shape] as
          (typeof detailsSchema.shape)[keyof typeof detailsSchema.shape] | undefined
        const value = values[key]
        if (rule) {
          const parsed = rule.safeParse(value)
          if (!parsed.success) {
            setError(key, { message: parsed.error.issues[0]?.message ?? 'Check this field.' })
            return
          }
          clearErrors(key)
          const clean = parsed.data
          // An empty subtitle is stored as none, as the database wants no blank subtitles.
          edit({ [key]: key === 'subtitle' && clean === '' ? null : clean } as CourseDetailsPatch)
        } else edit({ [key]: value } as CourseDetailsPatch)
      },
    })
  }, [subscribe, setError, clearErrors, edit])

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-4">
      {autosave.status === 'conflict' ? (
        <ConflictBanner
          subject="course"
          onReload={() => void autosave.reload()}
          onOverwrite={() => void autosave.overwrite()}
        />
      ) : null}
      <AutosaveStatusText status={autosave.status} error={autosave.error} />
      <Field label="Title" error={formState.errors.title?.message}>
        <Input maxLength={120} {...register('title')} />
      </Field>
      <Field
        label="Subtitle"
        hint="One line under the title on the course card."
        error={formState.errors.subtitle?.message}
      >
        <Input maxLength={200} {...register('subtitle')} />
      </Field>
      <div className="grid gap-4 lg:grid-cols-2">
        <Field
          label="Description"
          hint="Markdown: headings, lists, links, code."
          error={formState.errors.description_md?.message}
        >
          <textarea
            rows={12}
            className="w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 aria-[invalid=true]:border-red-600"
            {...register('description_md')}
          />
        </Field>
        <section aria-labelledby="description-preview" className="flex min-w-0 flex-col gap-1.5">
          <h3 id="description-preview" className="text-sm font-medium text-slate-900">
            Preview
          </h3>
          <div className="min-h-24 rounded-md border border-slate-200 bg-slate-50 p-3">
            {description.trim() ? (
              <LazyMarkdown source={description} headingOffset={3} />
            ) : (
              <p className="text-sm text-slate-600">Your description will appear here as learners see it.</p>
            )}
          </div>
        </section>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Level">
          <select className={selectClass} {...register('level')}>
            <option value="beginner">Beginner</option>
            <option value="intermediate">Intermediate</option>
            <option value="advanced">Advanced</option>
          </select>
        </Field>
        <Field label="Language" hint="A code such as en or pt-BR." error={formState.errors.language?.message}>
          <Input autoCapitalize="none" maxLength={5} {...register('language')} />
        </Field>
        <Field label="Visibility">
          <select className={selectClass} {...register('visibility')}>
            <option value="public">Public: listed in the catalog</option>
            <option value="unlisted">Unlisted: only people with the link</option>
          </select>
        </Field>
        <Field label="Enrollment">
          <select className={selectClass} {...register('enrollment_mode')}>
            <option value="open">Open: anyone can enroll</option>
            <option value="invite">Invite link only</option>
            <option value="code">Access code</option>
          </select>
        </Field>
        <Field label="Progression">
          <select className={selectClass} {...register('progression')}>
            <option value="free">Free: lessons in any order</option>
            <option value="sequential">Sequential: finish each lesson first</option>
          </select>
        </Field>
        <div className="flex items-center gap-3 self-end pb-2">
          <Checkbox
            id="certificate-enabled"
            checked={certificate}
            onCheckedChange={(checked) => setValue('certificate_enabled', checked === true, { shouldDirty: true })}
          />
          <Label htmlFor="certificate-enabled">Issue a certificate on completion</Label>
        </div>
      </div>
      <LazyCoverUpload courseId={course.id} />
    </form>
  )
}
