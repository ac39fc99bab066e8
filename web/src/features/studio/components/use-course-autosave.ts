// Binds the autosave queue to a course: saves go through the conditional update, the cached course follows each
// save, the queue retries when the browser comes back online, and leaving the page with unsaved edits asks first.
import { useCallback, useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { getCourse, saveCourseDetails, type CourseDetailsPatch, type EditableCourse } from '../api/course.api'
import { studioKeys } from '../api/studio.queries'
import { AutosaveQueue, type AutosaveSnapshot } from '../lib/autosave-queue'

/** A failed fetch has no code; a 5xx or 503 from a restarting stack is worth another try too. */
function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status
  return errorCode(error) === undefined || (typeof status === 'number' && status >= 500)
}

export function useCourseAutosave(course: EditableCourse, onReloaded: (fresh: EditableCourse) => void) {
  const queryClient = useQueryClient()
  const [snapshot, setSnapshot] = useState<AutosaveSnapshot>({ status: 'saved', error: null })
  // One queue for the editor's lifetime: it holds the unsaved edits and the version they are based on.
  const [queue] = useState(
    () =>
      new AutosaveQueue<CourseDetailsPatch>({
        version: course.updated_at,
        isRetryable,
        onChange: setSnapshot,
        save: async (patch, version) => {
          const result = await saveCourseDetails(supabase, course.id, patch, version)
          if (result.kind === 'saved') {
            queryClient.setQueryData(studioKeys.details(course.id), (old: EditableCourse | null | undefined) =>
              old ? { ...old, ...patch, updated_at: result.version } : old,
            )
            void queryClient.invalidateQueries({ queryKey: studioKeys.checklist(course.id) })
            void queryClient.invalidateQueries({ queryKey: studioKeys.schoolLists() })
          }
          return result
        },
      }),
  )
  const edit = useCallback((patch: CourseDetailsPatch) => queue.edit(patch), [queue])

  // Publishing or archiving (my own acts) move updated_at on; later saves build on that version.
  useEffect(() => queue.rebase(course.updated_at), [queue, course.updated_at])

  useEffect(() => {
    const online = () => void queue.flush()
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (queue.hasUnsaved()) event.preventDefault()
    }
    window.addEventListener('online', online)
    window.addEventListener('beforeunload', beforeUnload)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('beforeunload', beforeUnload)
    }
  }, [queue])

  // Leaving the editor sends what is left rather than dropping it.
  useEffect(() => () => void queue.flush(), [queue])

  async function fresh(): Promise<EditableCourse> {
    const current = await getCourse(supabase, course.id)
    if (!current) throw { code: 'course_not_found' }
    return current
  }

  return {
    ...snapshot,
    edit,
    flush: () => queue.flush(),
    /** Conflict: save my edits over the version saved elsewhere. */
    overwrite: async () => queue.overwrite((await fresh()).updated_at),
    /** Conflict: take the version saved elsewhere and drop my unsaved edits. */
    reload: async () => {
      const current = await fresh()
      queue.discard(current.updated_at)
      queryClient.setQueryData(studioKeys.details(course.id), current)
      onReloaded(current)
    },
  }
}
