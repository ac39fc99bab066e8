// Curriculum mutations: each one refreshes this course's curriculum and publish checklist (and nothing else).
// Reordering is optimistic: the new order shows at once and rolls back if the database refuses it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import {
  addLesson,
  addSection,
  deleteLesson,
  deleteSection,
  renameLesson,
  renameSection,
  reorderCurriculum,
  type CurriculumSection,
  type LessonKind,
} from './curriculum.api'
import { studioKeys } from './studio.queries'

function useCurriculumMutation<V>(courseId: string, mutationFn: (values: V) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.curriculum(courseId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.checklist(courseId) }),
      ]),
  })
}

export const useAddSection = (courseId: string) =>
  useCurriculumMutation(courseId, (title: string) => addSection(supabase, courseId, title))

export const useAddLesson = (courseId: string) =>
  useCurriculumMutation(courseId, (values: { sectionId: string; title: string; kind: LessonKind }) =>
    addLesson(supabase, { courseId, ...values }),
  )

export const useRenameItem = (courseId: string) =>
  useCurriculumMutation(courseId, ({ kind, id, title }: { kind: 'section' | 'lesson'; id: string; title: string }) =>
    kind === 'section' ? renameSection(supabase, id, title) : renameLesson(supabase, id, title),
  )

export const useDeleteItem = (courseId: string) =>
  useCurriculumMutation(courseId, ({ kind, id }: { kind: 'section' | 'lesson'; id: string }) =>
    kind === 'section' ? deleteSection(supabase, id) : deleteLesson(supabase, id),
  )

export function useReorderCurriculum(courseId: string) {
  const queryClient = useQueryClient()
  const key = studioKeys.curriculum(courseId)
  return useMutation({
    mutationFn: (sections: CurriculumSection[]) => reorderCurriculum(supabase, courseId, sections),
    onMutate: async (sections) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<CurriculumSection[]>(key)
      queryClient.setQueryData(key, sections)
      return { previous }
    },
    onError: (_error, _sections, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: studioKeys.checklist(courseId) }),
      ]),
  })
}
