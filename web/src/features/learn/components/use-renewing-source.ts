// Media URLs are signed for a few minutes (SIGNED_URL_TTL_S), so a learner who is removed loses the video when they
// expire. A video element keeps the URL it started with and asks it for more bytes as it plays, so a long lesson
// outlives its URL: when the element fails to load, this signs again and carries on from the same second, playing
// if it was playing. A URL that fails again at once is a real error, left to the element's error state.
import { useRef, useState, type SyntheticEvent } from 'react'

type VideoEvent = SyntheticEvent<HTMLVideoElement>

/** MediaError codes (HTML): the network failed, or what came back was not playable media. */
const MEDIA_ERR_NETWORK = 2
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4

/** Within this long of a renewal, another failure is not an expired URL. */
const RENEW_COOLDOWN_MS = 10_000

export interface RenewingSource {
  src: string | null
  onError: (event: VideoEvent) => void
  onLoadedMetadata: (event: VideoEvent) => void
}

export function useRenewingSource(signedUrl: string | null, renew: () => Promise<string | null>): RenewingSource {
  const [renewed, setRenewed] = useState<string | null>(null)
  const resumeRef = useRef<{ at: number; play: boolean } | null>(null)
  const lastRenewalRef = useRef(0)
  const src = renewed ?? signedUrl

  return {
    src,
    onError: (event) => {
      const video = event.currentTarget
      const code = video.error?.code
      // An expired URL answers 400 (a JSON error, not video): the element reports a network or source error.
      if (code !== MEDIA_ERR_NETWORK && code !== MEDIA_ERR_SRC_NOT_SUPPORTED) return
      const now = Date.now()
      if (now - lastRenewalRef.current < RENEW_COOLDOWN_MS) return
      lastRenewalRef.current = now
      resumeRef.current = { at: video.currentTime, play: !video.paused }
      void renew().then((url) => {
        if (url && url !== src) setRenewed(url)
      })
    },
    onLoadedMetadata: (event) => {
      const resume = resumeRef.current
      if (!resume) return
      resumeRef.current = null
      const video = event.currentTarget
      video.currentTime = resume.at
      // A browser may refuse to play without a gesture; the learner then presses play, at the right second.
      if (resume.play) void video.play().catch(() => {})
    },
  }
}
