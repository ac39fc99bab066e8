// The lesson editor's autosave: three queues (the lesson's outline row, its content, its section's release rule),
// each conditional on its own row's updated_at, shown as one state. Edits wait and retry while offline, a conflict
// with an edit made elsewhere stops its queue for the author's choice, and the cached lesson follows each save.
import { useCallback, useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { studioKeys } from '../api/studio.queries'
import { AutosaveQueue, type AutosaveSnapshot, type AutosaveStatus } from '../lib/autosave-queue'
import {
  getLessonBundle,
  saveContent,
  saveLesson,
  saveSection,
  type ContentPatch,
  type LessonBundle,
  type LessonPatch,
  type SectionPatch,
} from './lesson.api'
import { lessonQueries } from './lesson.queries'

/** A failed fetch has no code; a 5xx from a restarting stack is worth another try too. */
function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status
  return errorCode(error) === undefined || (typeof status === 'number' && status >= 500)
}

// The state shown for the three queues together: the one that most needs the author's attention.
const precedence: AutosaveStatus[] = ['conflict', 'error', 'offline', 'saving', 'pending', 'saved']

export function combineSnapshots(snapshots: AutosaveSnapshot[]): AutosaveSnapshot {
  for (const status of precedence) {
    const found = snapshots.find((s) => s.status === status)
    if (found) return found
  }
  return { status: 'saved', error: null }
}

type Part = 'lesson' | 'section' | 'content'
const saved: AutosaveSnapshot = { status: 'saved', error: null }

export function useLessonAutosave(bundle: LessonBundle, userId: string, onReloaded: (fresh: LessonBundle) => void) {
  const queryClient = useQueryClient()
  const courseId = bundle.course.id
  const lessonId = bundle.lesson.id
  const ids = { courseId, lessonId, userId }
  const key = lessonQueries.detail(ids).queryKey
  const [snapshots, setSnapshots] = useState<Record<Part, AutosaveSnapshot>>({
    lesson: saved,
    section: saved,
    content: saved,
  })

  const [queues] = useState(() => {
    const onChange = (part: Part) => (snapshot: AutosaveSnapshot) =>
      setSnapshots((current) => ({ ...current, [part]: snapshot }))
    const follow = (part: Part, patch: object, version: string) => {
      queryClient.setQueryData(key, (old: LessonBundle | null | undefined) =>
        old ? { ...old, [part]: { ...old[part], ...patch, updated_at: version } } : old,
      )
      void queryClient.invalidateQueries({ queryKey: studioKeys.checklist(courseId) })
      if (part === 'lesson') void queryClient.invalidateQueries({ queryKey: studioKeys.curriculum(courseId) })
    }
    return {
      lesson: new AutosaveQueue<LessonPatch>({
        version: bundle.lesson.updated_at,
        isRetryable,
        onChange: onChange('lesson'),
        save: async (patch, version) => {
          const result = await saveLesson(supabase, lessonId, patch, version)
          if (result.kind === 'saved') follow('lesson', patch, result.version)
          return result
        },
      }),
      section: new AutosaveQueue<SectionPatch>({
        version: bundle.section.updated_at,
        isRetryable,
        onChange: onChange('section'),
        save: async (patch, version) => {
          const result = await saveSection(supabase, bundle.section.id, patch, version)
          if (result.kind === 'saved') follow('section', patch, result.version)
          return result
        },
      }),
      content: new AutosaveQueue<ContentPatch>({
        version: bundle.content.updated_at,
        isRetryable,
        onChange: onChange('content'),
        save: async (patch, version) => {
          const result = await saveContent(supabase, { courseId, lessonId }, patch, version)
          if (result.kind === 'saved') follow('content', patch, result.version)
          return result
        },
      }),
    }
  })

  const editLesson = useCallback((patch: LessonPatch) => queues.lesson.edit(patch), [queues])
  const editSection = useCallback((patch: SectionPatch) => queues.section.edit(patch), [queues])
  const editContent = useCallback((patch: ContentPatch) => queues.content.edit(patch), [queues])

  useEffect(() => {
    const all = Object.values(queues)
    const online = () => all.forEach((queue) => void queue.flush())
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (all.some((queue) => queue.hasUnsaved())) event.preventDefault()
    }
    window.addEventListener('online', online)
    window.addEventListener('beforeunload', beforeUnload)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('beforeunload', beforeUnload)
      // Leaving the editor sends what is left rather than dropping it.
      all.forEach((queue) => void queue.flush())
    }
  }, [queues])

  async function fresh(): Promise<LessonBundle> {
    const current = await getLessonBundle(supabase, ids)
    if (!current) throw { code: 'course_not_found' }
    return current
  }

  return {
    ...combineSnapshots(Object.values(snapshots)),
    editLesson,
    editSection,
    editContent,
    /** Conflict: save my edits over the versions saved elsewhere. */
    overwrite: async () => {
      const current = await fresh()
      for (const part of ['lesson', 'section', 'content'] as const) {
        if (queues[part].status === 'conflict') void queues[part].overwrite(current[part].updated_at)
      }
    },
    /** Conflict: take the versions saved elsewhere and drop my unsaved edits. */
    reload: async () => {
      const current = await fresh()
      for (const part of ['lesson', 'section', 'content'] as const) queues[part].discard(current[part].updated_at)
      queryClient.setQueryData(key, current)
      onReloaded(current)
    },
  }
}
