// The calendar's writes. A saved, replanned or removed plan changes the sessions, so it refreshes the plans and
// every cached range of items; a new or revoked feed refreshes the subscription's state.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { MyPlan, PlanState } from '../schemas/plan.schemas'
import type { StudyPlanInput } from '../schemas/study-plan.schemas'
import { calendarKeys } from './calendar.queries'
import { revokeFeed, rotateFeed } from './calendar-feed.api'
import { deleteStudyPlan, replanStudyPlan, saveStudyPlan } from './study-plans.api'

function usePlanRefresh(userId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: calendarKeys.plans(userId) }),
      queryClient.invalidateQueries({ queryKey: calendarKeys.items(userId) }),
    ])
}

/** A write answering the plan's new state: put into the cached plans at once, then plans and items refetched. */
function usePlanWrite<T>(userId: string, write: (input: T) => Promise<PlanState>) {
  const queryClient = useQueryClient()
  const refresh = usePlanRefresh(userId)
  return useMutation({
    mutationFn: write,
    onSuccess: (state) => {
      queryClient.setQueryData<MyPlan[]>(calendarKeys.plans(userId), (plans) =>
        plans?.map((plan) => (plan.course_id === state.course_id ? { ...plan, ...state } : plan)),
      )
      return refresh()
    },
  })
}

export function useSaveStudyPlan(userId: string) {
  return usePlanWrite(userId, (input: StudyPlanInput) => saveStudyPlan(supabase, input))
}

export function useReplanStudyPlan(userId: string) {
  return usePlanWrite(userId, (courseId: string) => replanStudyPlan(supabase, courseId))
}

export function useDeleteStudyPlan(userId: string) {
  const refresh = usePlanRefresh(userId)
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
