// A component's view of a shared channel (./index): its messages handed to `onMessage`, `onRejoin` when it is live
// again after a gap (whatever was sent meanwhile is lost, so read it again), and its status for the page to show.
// 'off' when there is no user or no spec (the caller turned it off). Give a stable spec (useMemo): a new object
// subscribes again.
import { useEffect, useRef, useState } from 'react'
import { subscribeShared, type ChannelMessage, type ChannelSpec, type LiveStatus } from './index'

export interface SharedChannelHandlers {
  onMessage?: (message: ChannelMessage) => void
  onRejoin?: () => void
}

export function useSharedChannel(
  userId: string | undefined,
  spec: ChannelSpec | null,
  handlers: SharedChannelHandlers,
): LiveStatus | 'off' {
  const [state, setState] = useState<{ spec: ChannelSpec; status: LiveStatus } | null>(null)
  const handlersRef = useRef(handlers)
  useEffect(() => {
    handlersRef.current = handlers
  })

  useEffect(() => {
    if (!userId || !spec) return
    return subscribeShared(userId, spec, {
      message: (message) => handlersRef.current.onMessage?.(message),
      status: (status, rejoined) => {
        setState({ spec, status })
        if (rejoined) handlersRef.current.onRejoin?.()
      },
    })
  }, [userId, spec])

  if (!userId || !spec) return 'off'
  return state?.spec === spec ? state.status : 'connecting'
}
