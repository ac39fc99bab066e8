// Where save_study_plan()'s refusal belongs in the plan form: the validation_failed fields map (named by the call's
// arguments) goes next to its fields; anything else (a lost connection, not enrolled) is one sentence for the form.
import { errorFields, errorMessage } from '@/lib/errors'
import { planFieldOf, type StudyPlanFormValues } from '../schemas/study-plan.schemas'

export interface PlacedPlanError {
  fields: Partial<Record<keyof StudyPlanFormValues, string>>
  form: string | null
}

export function placePlanError(error: unknown): PlacedPlanError {
  const fields: PlacedPlanError['fields'] = {}
  for (const [name, message] of Object.entries(errorFields(error))) {
    const field = planFieldOf[name as keyof typeof planFieldOf]
    if (field) fields[field] = message
  }
  return { fields, form: Object.keys(fields).length > 0 ? null : errorMessage(error) }
}
