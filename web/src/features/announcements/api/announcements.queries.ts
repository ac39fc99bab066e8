// Announcement queries and mutations (TkDodo's pattern). The key prefix ['announcements'] is also refreshed by the
// notification feed when an announcement notification arrives, so an open course page shows it live.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncementCohorts,
  listCourseAnnouncements,
  listSentAnnouncements,
  sendAnnouncementNow,
  type AnnouncementInput,
} from './announcements.api'

export const announcementKeys = {
  all: ['announcements'] as const,
  course: (courseId: string) => [...announcementKeys.all, courseId] as const,
  staff: (courseId: string) => [...announcementKeys.course(courseId), 'staff'] as const,
  sent: (courseId: string) => [...announcementKeys.course(courseId), 'sent'] as const,
  cohorts: (courseId: string) => [...announcementKeys.course(courseId), 'cohorts'] as const,
}

export const announcementQueries = {
  staff: (courseId: string) =>
    queryOptions({
      queryKey: announcementKeys.staff(courseId),
      queryFn: () => listCourseAnnouncements(supabase, courseId),
    }),
  sent: (courseId: string) =>
    queryOptions({
      queryKey: announcementKeys.sent(courseId),
      queryFn: () => listSentAnnouncements(supabase, courseId),
    }),
  cohorts: (courseId: string) =>
    queryOptions({
      queryKey: announcementKeys.cohorts(courseId),
      queryFn: () => listAnnouncementCohorts(supabase, courseId),
      staleTime: 5 * 60 * 1000,
    }),
}

function useInvalidateCourse(courseId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: announcementKeys.course(courseId) })
}

export function useCreateAnnouncement(courseId: string) {
  const invalidate = useInvalidateCourse(courseId)
  return useMutation({
    mutationFn: (input: Omit<AnnouncementInput, 'courseId'>) => createAnnouncement(supabase, { ...input, courseId }),
    onSettled: invalidate,
  })
}

export function useSendAnnouncementNow(courseId: string) {
  const invalidate = useInvalidateCourse(courseId)
  return useMutation({ mutationFn: (id: string) => sendAnnouncementNow(supabase, id), onSettled: invalidate })
}

export function useDeleteAnnouncement(courseId: string) {
  const invalidate = useInvalidateCourse(courseId)
  return useMutation({ mutationFn: (id: string) => deleteAnnouncement(supabase, id), onSettled: invalidate })
}
