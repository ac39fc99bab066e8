// A markdown field with Write / Preview tabs (components/ui/tabs): the preview uses the renderer learners see.
import { useId, useState } from 'react'
import { Tabs } from '@/components/ui/tabs'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { FieldError } from '@/components/ui/field'
import { Label } from '@/components/ui/label'

export const textareaClass =
  'w-full rounded-md border border-slate-300 bg-white p-3 text-base text-slate-900 aria-[invalid=true]:border-red-600'

const tabClass =
  'inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-medium text-slate-600 data-[state=active]:border-teal-700 data-[state=active]:text-slate-900'

interface PromptFieldProps extends React.ComponentProps<'textarea'> {
  label: string
  value: string
  error?: string | undefined
  hint?: string
}

export function MarkdownField({ label, value, error, hint, ...textarea }: PromptFieldProps) {
  const id = useId()
  const [tab, setTab] = useState('write')
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label={`${label}: write or preview`} className="flex gap-1 border-b border-slate-200">
          <Tabs.Trigger value="write" className={tabClass}>
            Write
          </Tabs.Trigger>
          <Tabs.Trigger value="preview" className={tabClass}>
            Preview
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="write" forceMount hidden={tab !== 'write'} className="pt-2">
          <textarea
            id={id}
            rows={4}
            className={textareaClass}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            value={value}
            {...textarea}
          />
        </Tabs.Content>
        <Tabs.Content value="preview" className="min-h-24 rounded-md border border-slate-200 bg-slate-50 p-3">
          {value.trim() ? (
            <LazyMarkdown source={value} headingOffset={3} />
          ) : (
            <p className="text-sm text-slate-600">Nothing written yet.</p>
          )}
        </Tabs.Content>
      </Tabs.Root>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  )
}
