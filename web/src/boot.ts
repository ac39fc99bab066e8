// index.html's boot script (inlined by vite-plugins/early-requests.ts, and built on its own: nothing of the app's
// client in it): asks the first requests of the page at this address (see lib/early-requests.ts) as soon as the
// HTML arrives, instead of once the app's code has downloaded and run, and on the course page hints the cover the
// outline names, the page's largest paint, so it downloads beside the app's code; on a video lesson it fetches the
// video's first bytes into the HTTP cache, for the player's first frame. On every page it also loads Intl's locale
// data while that code downloads (lib/format/warm-intl.ts).
import { coverSourcesAt, hintCover } from '@/features/courses/lib/cover-url'
import {
  earlyRequests,
  storedAccessToken,
  videoToWarm,
  WARM_VIDEO_BYTES,
  type EarlyAnswer,
  type EarlyAnswers,
} from '@/lib/early-requests'
import { warmIntlAfterFirstFrame } from '@/lib/format/warm-intl'
import { publicUrl } from '@/lib/lazy-storage'
import { apiBase, authStorageKey, keyAsBearer, supabasePublishableKey } from '@/lib/supabase-env'

function start(): void {
  const requests = earlyRequests(location.pathname, location.search)
  if (requests.length === 0) return
  let stored: string | null
  try {
    stored = localStorage.getItem(authStorageKey)
  } catch {
    return
  }
  const token = storedAccessToken(stored, Date.now(), location)
  if (token === undefined) return
  const early: EarlyAnswers = { token, at: performance.now(), answers: {} }
  for (const request of requests) {
    const headers: Record<string, string> = { apikey: supabasePublishableKey }
    const bearer = token ?? (keyAsBearer(request.service) ? supabasePublishableKey : null)
    if (bearer) headers.Authorization = `Bearer ${bearer}`
    if (request.body) headers['Content-Type'] = 'application/json'
    early.answers[request.key] = fetch(new URL(request.path, apiBase), {
      method: request.body ? 'POST' : 'GET',
      headers,
      ...(request.body && { body: JSON.stringify(request.body) }),
    })
      .then(async (response) => ({ ok: response.ok, body: (await response.json()) as unknown }))
      .catch(() => null)
  }
  window.__summitEarly = early
  for (const request of requests) {
    const answer = early.answers[request.key]
    if (request.hintsCover) void answer?.then(hintCourseCover)
    if (request.warmsVideo) void answer?.then(warmVideo)
  }
}

/** The first bytes of the lesson's video, into the HTTP cache the player's <video> reads them from (videoToWarm). */
function warmVideo(media: EarlyAnswer | null): void {
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true
  const url = videoToWarm(media, saveData)
  if (!url) return
  void fetch(new URL(url, apiBase), { headers: { Range: `bytes=0-${WARM_VIDEO_BYTES - 1}` } })
    .then((response) => response.arrayBuffer())
    .catch(() => null)
}

/** The course page's cover, as its loader would hint it (preloadCover, with a card's sizes). */
function hintCourseCover(answer: EarlyAnswer | null): void {
  if (!answer?.ok) return
  const coverPath = (answer.body as { course?: { cover_path?: unknown } } | null)?.course?.cover_path
  if (typeof coverPath !== 'string' || coverPath === '') return
  const storageUrl = new URL('storage/v1', apiBase).href
  const at = (width: number) => publicUrl(storageUrl, 'course-covers', coverPath, { transform: { width } })
  hintCover(coverSourcesAt(at))
}

start()
warmIntlAfterFirstFrame()
