// Where a refusal from the database belongs in a form: validation_failed's fields map (named by the call's
// arguments) and the checks it names (23514, 23505) go next to their fields; anything else is a form-level sentence.
import { errorFields, errorMessage } from '@/lib/errors'
import { constraintMessage } from '../schemas/schedule.schemas'

const formFieldOf: Record<string, string> = {
  expires_at: 'expiresAt',
  max_uses: 'maxUses',
  allowed_email_domains: 'domains',
  cohort_id: 'cohortId',
}

export interface PlacedError {
  fields: Record<string, string>
  /** Null when every message found a field. */
  form: string | null
}

export function placeServerError(error: unknown, formFields: readonly string[]): PlacedError {
  const fields: Record<string, string> = {}
  for (const [name, message] of Object.entries(errorFields(error))) {
    const field = formFieldOf[name] ?? name
    if (formFields.includes(field)) fields[field] = message
  }
  const constraint = constraintMessage(error)
  if (constraint && formFields.includes(constraint[0])) fields[constraint[0]] = constraint[1]
  return { fields, form: Object.keys(fields).length > 0 ? null : errorMessage(error) }
}

/** Shows a refusal in a form: each placed message beside its field, the rest (or null) as the form's sentence. */
export function showServerError<Field extends string>(
  error: unknown,
  formFields: readonly Field[],
  setFieldError: (field: Field, error: { message: string }) => void,
  setFormError: (message: string | null) => void,
): void {
  const placed = placeServerError(error, formFields)
  for (const [field, message] of Object.entries(placed.fields)) setFieldError(field as Field, { message })
  setFormError(placed.form)
}
