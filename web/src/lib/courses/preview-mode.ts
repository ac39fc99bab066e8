// Preview as a learner: a member of a course's school opens the course page and the player with `?preview=learner`
// and sees them as a learner who enrolled today (course_outline's as_learner). The flag rides along on the links
// between the two screens; the database decides whether the caller may preview (viewer.as_learner).
import { createContext, useContext } from 'react'
import * as z from 'zod/mini'

/** The search params of the course page and the player; any other value of `preview` is dropped. */
export const previewSearchSchema = z.object({
  preview: z.catch(z.optional(z.enum(['learner'])), undefined),
})
export type PreviewSearch = z.infer<typeof previewSearchSchema>

/** True inside a confirmed preview (the answer said viewer.as_learner), so links keep it. */
export const PreviewModeContext = createContext(false)

export function usePreviewMode(): boolean {
  return useContext(PreviewModeContext)
}

/** The search params a link to the course page or the player carries. */
export function previewSearch(previewing: boolean): PreviewSearch {
  return previewing ? { preview: 'learner' } : {}
}
