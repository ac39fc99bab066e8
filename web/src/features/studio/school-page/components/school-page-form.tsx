// The school page's text and colour: the about text in markdown with a live preview, and the accent colour (typed as
// #rrggbb or picked) with its contrast checked as it changes. The database holds the same rules and sentences;
// a refusal from it is shown beside its field. Saved on "Save changes"; the public page shows it at once.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { FormError } from '@/components/form-error'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { SubmitButton } from '@/components/submit-button'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorFields, errorMessage } from '@/lib/errors'
import { aboutMaxLength, isHexColor, normalizeHex } from '@/lib/schools/accent-rules'
import type { SchoolPageSettings } from '../api/school-page.api'
import { useSaveSchoolPage } from '../api/school-page.queries'
import { schoolPageSchema, toSaved, type SchoolPageFormValues } from '../lib/school-page.schema'
import { AccentCheck } from './accent-check'

const countFormat = new Intl.NumberFormat('en-US')

export function SchoolPageForm({ school, userId }: { school: SchoolPageSettings; userId: string }) {
  const save = useSaveSchoolPage(school.id, userId)
  const [formError, setFormError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const form = useForm<SchoolPageFormValues>({
    resolver: zodResolver(schoolPageSchema),
    mode: 'onChange',
    defaultValues: { about_md: school.about_md, accent_color: school.accent_color ?? '' },
  })
  const about = useWatch({ control: form.control, name: 'about_md' })
  const accent = useWatch({ control: form.control, name: 'accent_color' })
  const picked = normalizeHex(accent)

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    setSaved(false)
    try {
      const row = await save.mutateAsync(toSaved(values))
      form.reset({ about_md: row.about_md, accent_color: row.accent_color ?? '' })
      setSaved(true)
    } catch (error) {
      const fields = errorFields(error)
      if (fields.about_md) form.setError('about_md', { message: fields.about_md })
      if (fields.accent_color) form.setError('accent_color', { message: fields.accent_color })
      if (!fields.about_md && !fields.accent_color) setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <Field
          label="About the school"
          hint={`Markdown: headings, lists, links. ${countFormat.format(about.length)} of ${countFormat.format(aboutMaxLength)} characters.`}
          error={form.formState.errors.about_md?.message}
        >
          <textarea
            rows={10}
            className="w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 aria-[invalid=true]:border-red-600"
            {...form.register('about_md', { onChange: () => setSaved(false) })}
          />
        </Field>
        <section aria-labelledby="about-preview" className="flex min-w-0 flex-col gap-1.5">
          <h3 id="about-preview" className="text-sm font-medium text-slate-900">
            Preview
          </h3>
          <div className="min-h-24 rounded-md border border-slate-200 bg-slate-50 p-3">
            {about.trim() ? (
              <LazyMarkdown source={about} headingOffset={3} />
            ) : (
              <p className="text-sm text-slate-600">What you write will appear here as visitors see it.</p>
            )}
          </div>
        </section>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Field
            label="Accent colour"
            hint="A hex code such as #0f766e. It needs 4.5:1 contrast against white or against dark text."
            error={form.formState.errors.accent_color?.message}
            className="min-w-0 flex-1"
          >
            <Input
              autoCapitalize="none"
              spellCheck={false}
              maxLength={7}
              placeholder="#0f766e"
              {...form.register('accent_color', { onChange: () => setSaved(false) })}
            />
          </Field>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <input
                type="color"
                value={isHexColor(picked) ? picked : '#0f766e'}
                onChange={(event) => {
                  form.setValue('accent_color', event.target.value, { shouldValidate: true, shouldDirty: true })
                  setSaved(false)
                }}
                className="h-11 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
              />
              Pick a colour
            </label>
            <Button
              variant="ghost"
              onClick={() => {
                form.setValue('accent_color', '', { shouldValidate: true, shouldDirty: true })
                setSaved(false)
              }}
            >
              No accent colour
            </Button>
          </div>
        </div>
        <AccentCheck value={accent} name={school.name} />
      </div>
      <FormError message={formError} />
      {saved ? <Alert tone="success">Saved. Visitors see the new page now.</Alert> : null}
      <div>
        <SubmitButton busy={save.isPending}>Save changes</SubmitButton>
      </div>
    </form>
  )
}
