// The signed-in listeners themselves, loaded lazily by signed-in-listeners.tsx.
import { AchievementToaster } from '@/features/achievements/components/achievement-toaster'
import { SessionEndListener } from '@/features/auth/session-end/session-end-listener'
import { ProgressOutboxStarter } from './progress-outbox-starter'

export default function SignedInListenerParts({ userId }: { userId: string }) {
  return (
    <>
      <AchievementToaster userId={userId} />
      <SessionEndListener userId={userId} />
      <ProgressOutboxStarter />
    </>
  )
}
