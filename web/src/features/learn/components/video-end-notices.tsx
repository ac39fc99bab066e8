// Under a video that has ended: why it is not complete yet (parts skipped), with a jump to the first of them, and the
// up-next card (which waits while the learner reads why).
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import type { UpNext } from '../lib/up-next'
import { jumpLabel } from '../lib/watch-goal'
import { UpNextCard } from './up-next-card'

export interface VideoEndNoticesProps {
  ended: boolean
  /** Why the lesson is not complete although the video ended; null when it is (or it has not ended). */
  endedShort: string | null
  firstSkipped: number | null
  playFrom: (seconds: number) => void
  next: UpNext | null
  upNextSlug: string | null
  userId: string | null
}

export function VideoEndNotices(props: VideoEndNoticesProps) {
  const { endedShort, firstSkipped, next } = props
  return (
    <>
      {endedShort ? (
        <Alert tone="info" title="Not complete yet">
          <p>{endedShort}</p>
          {firstSkipped !== null ? (
            <Button variant="outline" className="mt-2" onClick={() => props.playFrom(firstSkipped)}>
              {jumpLabel(firstSkipped)}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {props.ended && next && next.kind !== 'none' && props.upNextSlug !== null ? (
        <UpNextCard slug={props.upNextSlug} next={next} userId={props.userId} allowAutoplay={!endedShort} />
      ) : null}
    </>
  )
}
