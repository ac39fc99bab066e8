// Enrolling through the `enroll` edge function. Its errors arrive as `{ error: { code, message, fields? } }` in the
// body of a non-2xx response, which supabase-js wraps in FunctionsHttpError; we unwrap them into an EnrollError
// carrying the code, so the UI can say what happened (PRODUCT.md §8).
import { FunctionsHttpError } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import type { SupabaseClient } from '@/lib/supabase'

const enrollResponseSchema = z.object({
  enrollment: z.object({
    id: z.string(),
    course_id: z.string(),
    status: z.enum(['active', 'completed', 'removed']),
    source: z.string(),
    enrolled_at: z.string(),
  }),
  created: z.boolean(),
})
export type EnrollResult = z.infer<typeof enrollResponseSchema>

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
})

/** A refusal from the enroll function, with the catalogue code (`enrollment_closed`, `not_signed_in`, ...). */
export class EnrollError extends Error {
  readonly code: string
  readonly status: number
  readonly fields: Record<string, string> | undefined

  constructor(code: string, message: string, status: number, fields?: Record<string, string>) {
    super(message)
    this.name = 'EnrollError'
    this.code = code
    this.status = status
    this.fields = fields
  }
}

export async function enroll(client: SupabaseClient, { slug }: { slug: string }): Promise<EnrollResult> {
  const { data, error } = await client.functions.invoke('enroll', { body: { slug } })
  if (error) throw await toEnrollError(error)
  return enrollResponseSchema.parse(data)
}

async function toEnrollError(error: unknown): Promise<unknown> {
  if (!(error instanceof FunctionsHttpError)) return error
  const response = error.context as Response
  const body: unknown = await response.json().catch(() => null)
  const parsed = errorBodySchema.safeParse(body)
  if (!parsed.success) return new EnrollError('unknown', error.message, response.status)
  const { code, message, fields } = parsed.data.error
  return new EnrollError(code, message, response.status, fields)
}
