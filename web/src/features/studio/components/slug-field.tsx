// The slug input of the create forms: the web address preview, the format error and the live availability
// ("Available" / "Already taken"), announced politely as it changes.
import type { ComponentProps } from 'react'
import { Check, CircleX, Loader2 } from 'lucide-react'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import type { SlugAvailability } from './use-slug-availability'

interface SlugFieldProps extends ComponentProps<'input'> {
  label: string
  prefix: string
  slug: string
  error: string | undefined
  availability: SlugAvailability
}

export function SlugField({ label, prefix, slug, error, availability, ...input }: SlugFieldProps) {
  const taken = availability === 'taken'
  return (
    <div className="flex flex-col gap-1">
      <Field
        label={label}
        hint={`${prefix}${slug || '…'}`}
        error={error ?? (taken ? 'Already taken. Choose another web address.' : undefined)}
      >
        <Input autoCapitalize="none" autoCorrect="off" spellCheck={false} maxLength={60} {...input} />
      </Field>
      <p aria-live="polite" className="min-h-5 text-sm">
        {availability === 'checking' ? (
          <span className="inline-flex items-center gap-1.5 text-slate-600">
            <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Checking…
          </span>
        ) : availability === 'available' ? (
          <span className="inline-flex items-center gap-1.5 text-teal-800">
            <Check aria-hidden="true" className="size-4" />
            Available
          </span>
        ) : availability === 'unknown' ? (
          <span className="inline-flex items-center gap-1.5 text-slate-600">
            <CircleX aria-hidden="true" className="size-4" />
            Could not check right now; we'll check when you create it.
          </span>
        ) : null}
      </p>
    </div>
  )
}
