// The analytics page's URL search params (`?cohort=&from=&to=`): a cohort of the course and an enrollment date
// range (calendar days, inclusive). A bad value falls back to "not set", so an old or hand-edited link still opens.
import * as z from 'zod/mini'

const day = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined)

export const analyticsSearchSchema = z.object({
  cohort: z.catch(z.optional(z.guid()), undefined),
  from: day,
  to: day,
})

export type AnalyticsSearch = z.infer<typeof analyticsSearchSchema>
