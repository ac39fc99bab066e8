// The calendar's writes. A saved, replanned or removed plan changes the sessions, so it refreshes the plans and
// every cached range of items; a new or revoked feed refreshes the subscription's state.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { MyPlan, PlanState } from '../schemas/plan.schemas'
import type { StudyPlanInput } from '../schemas/study-plan.schemas'
import { calendarKeys } from './calendar.queries'
import { revokeFeed, rotateFeed } from './calendar-feed.api'
import { deleteStudyPlan, replanStudyPlan, saveStudyPlan } from './study-plans.api'

function usePlanSettled(userId: string) {
  const queryClient = useQueryClient()
  return {
    /** Puts the answered state into the cached plans at once, before the refetch. */
    patch: (state: PlanState) =>
      queryClient.setQueryData<MyPlan[]>(calendarKeys.plans(userId), (plans) =>
        plans?.map((plan) => (plan.course_id === state.course_id ? { ...plan, ...state } : plan)),
      ),
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.plans(userId) }),
        queryClient.invalidateQueries({ queryKey: calendarKeys.items(userId) }),
      ]),
  }
}

export function useSaveStudyPlan(userId: string) {
  const { patch, refresh } = usePlanSettled(userId)
  return useMutation({
    mutationFn: (input: StudyPlanInput) => saveStudyPlan(supabase, input),
    onSuccess: (state) => {
      patch(state)
      return refresh()
    },
  })
}

export function useReplanStudyPlan(userId: string) {
  const { patch, refresh } = usePlanSettled(userId)
  return useMutation({
    mutationFn: (courseId: string) => replanStudyPlan(supabase, courseId),
    onSuccess: (state) => {
      patch(state)
      return refresh()
    },
  })
}

export function useDeleteStudyPlan(userId: string) {
  const { refresh } = usePlanSettled(userId)
  return useMutation({
    mutationFn: (courseId: string) => deleteStudyPlan(supabase, courseId),
    onSuccess: () => refresh(),
  })
}

export function useRotateFeed(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => rotateFeed(supabase),
    onSuccess: (feed) => {
      queryClient.setQueryData(calendarKeys.feed(userId), { id: feed.id, createdAt: feed.createdAt })
    },
  })
}

export function useRevokeFeed(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => revokeFeed(supabase),
    onSuccess: () => {
      queryClient.setQueryData(calendarKeys.feed(userId), null)
    },
  })
}
