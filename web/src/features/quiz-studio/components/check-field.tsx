// A labelled Radix checkbox bound to a boolean form field, with an optional hint.
import { useId } from 'react'
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'

interface CheckFieldProps<T extends FieldValues> {
  control: Control<T>
  name: FieldPath<T>
  label: string
  hint?: string
}

export function CheckField<T extends FieldValues>({ control, name, label, hint }: CheckFieldProps<T>) {
  const id = useId()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex min-h-11 items-start gap-3">
          <Checkbox
            id={id}
            className="mt-0.5"
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            aria-describedby={hint ? `${id}-hint` : undefined}
          />
          <div className="flex flex-col gap-0.5">
            <Label htmlFor={id}>{label}</Label>
            {hint ? (
              <p id={`${id}-hint`} className="text-sm text-slate-600">
                {hint}
              </p>
            ) : null}
          </div>
        </div>
      )}
    />
  )
}
