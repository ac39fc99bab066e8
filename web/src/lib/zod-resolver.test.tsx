// zodResolver through react-hook-form itself: what a form submits, which problems it shows and where focus goes.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useFieldArray, useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { zodResolver } from './zod-resolver'

const profile = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(2, 'Use at least 2 characters.'), z.maxLength(5, 'Use at most 5 characters.')),
  age: z.string().check(z.regex(/^\d+$/, 'Digits only.')),
})

function ProfileForm({ onValid }: { onValid: (values: z.output<typeof profile>) => void }) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof profile>, unknown, z.output<typeof profile>>({
    resolver: zodResolver(profile),
    defaultValues: { name: '', age: '' },
  })
  return (
    <form onSubmit={handleSubmit(onValid)}>
      <input aria-label="Name" {...register('name')} />
      <p>{formState.errors.name?.message}</p>
      <input aria-label="Age" {...register('age')} />
      <p>{formState.errors.age?.message}</p>
      <button>Save</button>
    </form>
  )
}

const question = z.object({
  options: z
    .array(z.object({ text: z.string().check(z.minLength(1, 'Write the option.')), right: z.boolean() }))
    .check(z.refine((options) => options.some((o) => o.right), 'Tick at least one right option.')),
})

function QuestionForm({ onValid }: { onValid: () => void }) {
  const { register, control, handleSubmit, formState } = useForm<z.input<typeof question>>({
    resolver: zodResolver(question),
    defaultValues: {
      options: [
        { text: 'A', right: false },
        { text: '', right: false },
      ],
    },
  })
  const { fields } = useFieldArray({ control, name: 'options' })
  return (
    <form onSubmit={handleSubmit(onValid)}>
      {fields.map((field, index) => (
        <div key={field.id}>
          <input aria-label={`Option ${index + 1}`} {...register(`options.${index}.text`)} />
          <input type="checkbox" aria-label={`Option ${index + 1} is right`} {...register(`options.${index}.right`)} />
          <p>{formState.errors.options?.[index]?.text?.message}</p>
        </div>
      ))}
      <p role="alert">{formState.errors.options?.root?.message}</p>
      <button>Save</button>
    </form>
  )
}

describe('zodResolver', () => {
  it("submits the schema's output, not what was typed", async () => {
    const onValid = vi.fn()
    render(<ProfileForm onValid={onValid} />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Ana  ' } })
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '41' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1))
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Ana', age: '41' })
  })

  it("shows each field's first problem, submits nothing and focuses the first field with one", async () => {
    const onValid = vi.fn()
    render(<ProfileForm onValid={onValid} />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'A' } })
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: 'forty' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Use at least 2 characters.')).toBeTruthy()
    expect(screen.getByText('Digits only.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    expect(onValid).not.toHaveBeenCalled()
  })

  it("keeps a field array's own problem under root, beside its items' problems", async () => {
    const onValid = vi.fn()
    render(<QuestionForm onValid={onValid} />)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Write the option.')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Tick at least one right option.')
    expect(document.activeElement).toBe(screen.getByLabelText('Option 2'))

    fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: 'B' } })
    fireEvent.click(screen.getByLabelText('Option 2 is right'))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1))
    expect(screen.getByRole('alert').textContent).toBe('')
  })
})
