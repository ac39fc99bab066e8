// Listens for the player's keyboard shortcuts on the page (see lib/shortcuts) and applies them to the video: play or
// pause, 5 s back or forward, full screen, captions, mute, speed, and `?` for the list. Each change is announced.
import { useEffect, useRef, type RefObject } from 'react'
import { SEEK_STEP_S, shortcutFor, stepRate, type ShortcutAction } from '../lib/shortcuts'
import { PLAYBACK_RATES } from './playback-speed'

export interface PlayerShortcutsOptions {
  videoRef: RefObject<HTMLVideoElement | null>
  rate: number
  setRate: (rate: number) => void
  openHelp: () => void
  announce: (message: string) => void
}

function apply(action: ShortcutAction, video: HTMLVideoElement, options: PlayerShortcutsOptions) {
  switch (action) {
    case 'play-pause':
      if (video.paused) void video.play().catch(() => undefined)
      else video.pause()
      return
    case 'back':
    case 'forward': {
      const step = action === 'back' ? -SEEK_STEP_S : SEEK_STEP_S
      const end = Number.isFinite(video.duration) ? video.duration : Infinity
      video.currentTime = Math.min(end, Math.max(0, video.currentTime + step))
      return
    }
    case 'fullscreen':
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
      else void video.requestFullscreen?.().catch(() => undefined)
      return
    case 'captions': {
      const track = video.textTracks[0]
      if (!track) return options.announce('This video has no captions')
      track.mode = track.mode === 'showing' ? 'hidden' : 'showing'
      return options.announce(track.mode === 'showing' ? 'Captions on' : 'Captions off')
    }
    case 'mute':
      video.muted = !video.muted
      return options.announce(video.muted ? 'Muted' : 'Sound on')
    case 'slower':
    case 'faster': {
      const next = stepRate(PLAYBACK_RATES, options.rate, action === 'slower' ? -1 : 1)
      video.playbackRate = next
      options.setRate(next)
      return options.announce(`Speed ${next}×`)
    }
    case 'help':
      return options.openHelp()
  }
}

export function usePlayerShortcuts(options: PlayerShortcutsOptions) {
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      // A dialog over the player (this list, the curriculum drawer) keeps its keys.
      if (document.querySelector('[role="dialog"]')) return
      const action = shortcutFor(event)
      const video = latest.current.videoRef.current
      if (!action || !video) return
      event.preventDefault()
      apply(action, video, latest.current)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
