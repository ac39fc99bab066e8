// The announcement form: the same limits and messages as the database (private.prepare_announcement).
import * as z from 'zod/mini'

export const announcementMessages = {
  title: 'Give the announcement a title of at least 3 characters.',
  titleLong: 'Keep the title to 120 characters.',
  body: 'Write what you want to tell your learners.',
  bodyLong: 'Keep the announcement to 20,000 characters.',
  sendAt: 'Choose a time in the future, or send it now.',
  sendAtFar: 'Choose a time within the next year.',
}

export const announcementFormSchema = z
  .object({
    title: z
      .string()
      .check(z.trim(), z.minLength(3, announcementMessages.title), z.maxLength(120, announcementMessages.titleLong)),
    bodyMd: z.string().check(
      z.refine((value) => value.trim().length > 0, announcementMessages.body),
      z.maxLength(20000, announcementMessages.bodyLong),
    ),
    cohortId: z.string(),
    when: z.enum(['now', 'later']),
    /** A datetime-local value, read in the viewer's zone; used when `when` is later. */
    sendAt: z.string(),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.when !== 'later') return
      const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value.sendAt) ? new Date(value.sendAt) : null
      if (!at || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
        ctx.addIssue({ code: 'custom', path: ['sendAt'], message: announcementMessages.sendAt, input: value })
      } else if (at.getTime() > Date.now() + 365 * 86_400_000) {
        ctx.addIssue({ code: 'custom', path: ['sendAt'], message: announcementMessages.sendAtFar, input: value })
      }
    }),
  )

export type AnnouncementFormValues = z.infer<typeof announcementFormSchema>
