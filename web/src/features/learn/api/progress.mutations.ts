// Progress writes as mutations. `useSaveProgress` is the player's periodic save: it patches the cached outlines with
// the server's answer and refetches nothing. `useSetLessonComplete` is the tick (player and course page): optimistic
// in every cached outline of the course, rolled back on error, refetched after. Both go out through the outbox: a
// write the API cannot receive resolves to null, keeps its optimistic state and is sent when the connection returns.
import { useEffect } from 'react'
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { useSession } from '@/lib/use-session'
import { applyProgressPatch, isOutline, outlineHasLesson, type ProgressPatch } from '../lib/outline-cache'
import type { SaveProgressInput, SaveProgressResult } from '../schemas/progress.schema'
import { onOutboxRefused, onOutboxSynced, sendOrQueue, startProgressOutbox } from './progress-outbox'
import { shareProgress } from './share-progress'

export const progressMutationKeys = {
  save: ['progress', 'save'] as const,
  complete: (slug: string) => ['progress', 'complete', slug] as const,
}

/**
 * Applies a patch to every cached outline under `prefix` (by default all outlines) that contains the lesson. An
 * outline read already on its way may have been answered before the change the patch brings: the patch finds nothing
 * to patch (a first read) or is undone when the answer lands (a refetch), and the page would show a tick gone that the
 * server has. Each such read is made again once it has landed.
 */
export function patchOutlineCaches(
  queryClient: QueryClient,
  patch: ProgressPatch,
  prefix: QueryKey = courseKeys.outlines(),
): void {
  queryClient.setQueriesData<CourseOutline>({ queryKey: prefix }, (data) =>
    isOutline(data) && outlineHasLesson(data, patch.lessonId) ? applyProgressPatch(data, patch) : data,
  )
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix, fetchStatus: 'fetching' })) {
    void Promise.resolve(query.promise)
      .catch(() => undefined)
      .then(() => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }))
  }
}

function patchFromResult(result: SaveProgressResult): ProgressPatch {
  const { lesson_id: lessonId, ...progress } = result.progress
  return { lessonId, progress, courseProgress: result.course_progress, enrollment: result.enrollment }
}

const watchers = new Map<QueryClient, { users: number; stop: () => void }>()

/**
 * A queued write that reached the server later patches the caches like a live answer; one the server refused (the
 * lesson locked meanwhile) makes the outlines refetch so the optimistic tick goes away. The root and every component
 * that saves progress ask for this; one pair of listeners per query client serves them all (a second pair would patch
 * and refetch twice). Returns the way to stop asking.
 */
export function watchOutboxCaches(queryClient: QueryClient): () => void {
  let watcher = watchers.get(queryClient)
  if (!watcher) {
    const offSynced = onOutboxSynced((result) => {
      patchOutlineCaches(queryClient, patchFromResult(result))
      void queryClient.invalidateQueries({ queryKey: courseKeys.mine() })
    })
    const offRefused = onOutboxRefused(() => void queryClient.invalidateQueries({ queryKey: courseKeys.outlines() }))
    watcher = {
      users: 0,
      stop: () => {
        offSynced()
        offRefused()
      },
    }
    watchers.set(queryClient, watcher)
  }
  const current = watcher
  current.users += 1
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    current.users -= 1
    if (current.users === 0) {
      current.stop()
      watchers.delete(queryClient)
    }
  }
}

/**
 * Started on every page once someone is signed in (the root loads this lazily): writes kept on this device are sent
 * from whichever page the learner opens next, home included, and the caches follow.
 */
export function startOutboxEverywhere(queryClient: QueryClient): () => void {
  startProgressOutbox()
  return watchOutboxCaches(queryClient)
}

function useOutboxCaches(queryClient: QueryClient) {
  useEffect(() => watchOutboxCaches(queryClient), [queryClient])
}

export function useSaveProgress() {
  const queryClient = useQueryClient()
  const userId = useSession().user?.id
  useOutboxCaches(queryClient)
  return useMutation({
    mutationKey: progressMutationKeys.save,
    mutationFn: (input: SaveProgressInput) => sendOrQueue(input),
    onSuccess: (result) => {
      if (!result) return
      shareProgress(userId, result.progress)
      // A tick in flight owns the lesson's status; this older answer must not flip it back.
      if (queryClient.isMutating({ mutationKey: ['progress', 'complete'] }) > 0) return
      patchOutlineCaches(queryClient, patchFromResult(result))
      if (result.progress.status === 'completed') void queryClient.invalidateQueries({ queryKey: courseKeys.mine() })
    },
  })
}

export interface SetLessonCompleteInput {
  lessonId: string
  completed: boolean
  /** The player's live position and seconds watched; without them the cached values are sent unchanged. */
  position_s?: number
  watched_s?: number
}

function findProgress(queryClient: QueryClient, slug: string, lessonId: string) {
  for (const [, data] of queryClient.getQueriesData<CourseOutline>({ queryKey: courseKeys.outline(slug) })) {
    if (!isOutline(data)) continue
    for (const section of data.sections) {
      const lesson = section.lessons.find((l) => l.id === lessonId)
      if (lesson) return lesson.progress
    }
  }
  return null
}

export function useSetLessonComplete(slug: string) {
  const queryClient = useQueryClient()
  const userId = useSession().user?.id
  useOutboxCaches(queryClient)
  const outlineKey = courseKeys.outline(slug)
  return useMutation({
    mutationKey: progressMutationKeys.complete(slug),
    mutationFn: ({ lessonId, completed, position_s, watched_s }: SetLessonCompleteInput) => {
      const cached = findProgress(queryClient, slug, lessonId)
      const live = position_s !== undefined
      return sendOrQueue({
        lesson_id: lessonId,
        completed,
        position_s: Math.round(position_s ?? cached?.position_s ?? 0),
        watched_s: Math.round(Math.max(watched_s ?? 0, cached?.watched_s ?? 0)),
        // Without a live position, date the write as old as the cached one so it cannot move the resume point.
        observed_at: live ? null : (cached?.updated_at ?? new Date(0).toISOString()),
      })
    },
    onMutate: async ({ lessonId, completed }) => {
      await queryClient.cancelQueries({ queryKey: outlineKey })
      const snapshot = queryClient.getQueriesData<CourseOutline>({ queryKey: outlineKey })
      patchOutlineCaches(
        queryClient,
        {
          lessonId,
          progress: completed
            ? { status: 'completed', completed_at: new Date().toISOString(), completed_by: 'manual' }
            : { status: 'in_progress', completed_at: null, completed_by: null },
        },
        outlineKey,
      )
      return { snapshot }
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data)
    },
    onSuccess: (result) => {
      if (!result) return
      patchOutlineCaches(queryClient, patchFromResult(result), outlineKey)
      shareProgress(userId, result.progress)
    },
    // A tick kept on this device stays as it was drawn: a refetch now would fail, or bring back the old state.
    onSettled: (result, error) =>
      result === null && !error
        ? undefined
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: outlineKey }),
            queryClient.invalidateQueries({ queryKey: courseKeys.mine() }),
          ]),
  })
}
