// The question bank's URL search params (`?q=&tag=`): both optional; a bad value falls back to "not set".
import * as z from 'zod/mini'

export const bankSearchSchema = z.object({
  q: z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((value) => value.slice(0, 200)),
      ),
    ),
    undefined,
  ),
  tag: z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((value) => value.slice(0, 100)),
      ),
    ),
    undefined,
  ),
})

export type BankSearch = z.infer<typeof bankSearchSchema>
