// The lesson's markdown with a live preview drawn by the renderer learners see in the player.
import { useFormContext, useWatch } from 'react-hook-form'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Field } from '@/components/ui/field'
import type { LessonFormValues } from './use-lesson-form'

export function LessonBodyField() {
  const { register, control, formState } = useFormContext<LessonFormValues>()
  const body = useWatch({ control, name: 'body_md' })
  const kind = useWatch({ control, name: 'kind' })
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Field
        label={kind === 'video' ? 'Notes under the video' : 'Lesson text'}
        hint="Markdown: headings, lists, links, code."
        error={formState.errors.body_md?.message}
      >
        <textarea
          rows={14}
          className="w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 aria-[invalid=true]:border-red-600"
          {...register('body_md')}
        />
      </Field>
      <section aria-labelledby="lesson-body-preview" className="flex min-w-0 flex-col gap-1.5">
        <h3 id="lesson-body-preview" className="text-sm font-medium text-slate-900">
          Preview
        </h3>
        <div className="min-h-24 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="lesson-preview">
          {body.trim() ? (
            <LazyMarkdown source={body} headingOffset={3} />
          ) : (
            <p className="text-sm text-slate-600">The lesson will appear here as learners see it.</p>
          )}
        </div>
      </section>
    </div>
  )
}
