// What claim_announcement_emails returns for each email owed, checked before anything is sent.
import { z } from 'zod'

export const announcementEmailSchema = z.object({
  announcement_id: z.uuid(),
  user_id: z.uuid(),
  email: z.string().min(3),
  display_name: z.string().nullable(),
  title: z.string(),
  body_md: z.string(),
  course_id: z.uuid(),
  course_slug: z.string(),
  course_title: z.string(),
  cohort_name: z.string().nullable(),
})

export type AnnouncementEmail = z.infer<typeof announcementEmailSchema>
