// "Achievement unlocked": a toast in every open tab when the signed-in learner earns a trophy, linking to
// /achievements. Announced politely, dismissible, gone after 8 seconds unless hovered or focused. Loaded lazily by the
// app root for signed-in users only, with Realtime behind it.
import { useCallback, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast'
import { useAchievementFeed, type EarnedNotice } from '../api/use-achievement-feed'
import { AchievementIcon } from './achievement-icon'

export function AchievementToaster({ userId }: { userId: string }) {
  const [notices, setNotices] = useState<EarnedNotice[]>([])
  const onEarned = useCallback((notice: EarnedNotice) => {
    setNotices((current) => (current.some((shown) => shown.code === notice.code) ? current : [...current, notice]))
  }, [])
  const status = useAchievementFeed(userId, onEarned)
  const dismiss = (code: string) => setNotices((current) => current.filter((notice) => notice.code !== code))

  return (
    <ToastProvider duration={8000} label="Notifications">
      {notices.map((notice) => (
        <Toast
          key={notice.code}
          type="background"
          onOpenChange={(open) => {
            if (!open) dismiss(notice.code)
          }}
        >
          <AchievementIcon name={notice.icon} className="mt-0.5 size-5 shrink-0 text-teal-700" />
          <div className="flex flex-col gap-1">
            <ToastTitle className="font-semibold text-slate-900">Achievement unlocked: {notice.title}</ToastTitle>
            <ToastDescription asChild>
              <Link to="/achievements" onClick={() => dismiss(notice.code)} className="text-teal-800 underline">
                See your achievements
              </Link>
            </ToastDescription>
          </div>
          <ToastClose />
        </Toast>
      ))}
      {/* data-feed says when awards flow, for tests and for anyone debugging a missing toast. */}
      <ToastViewport data-feed={status} />
    </ToastProvider>
  )
}
