// The first requests of the pages most visits start on, asked by index.html's inline boot script (src/boot.ts) while
// the app's code is still on its way. On a slow phone the course page's outline went out only once the entry chunk
// had downloaded and run (about 2 s after the first byte at 400 ms round trips), and its cover only after that. The
// page's own call then takes the answer instead of asking again: once, for the same question asked with the same
// token, in the first seconds of the visit. Anything else (another page, a token the client has refreshed meanwhile,
// an answer without a JSON body, a late page, an answer asked before a progress write kept on the device reached the
// server) is asked again the usual way, so an early answer can save a round trip but never change what the page gets.
import { hasAuthRedirect } from './lazy-auth'
import type { SupabaseClient } from './supabase'
import { isUuid } from './uuid'

/** A request the boot script makes, by the path under the project URL: a POST of `body`, or a GET without one. */
export interface EarlyRequest {
  /** What the page's own call looks it up by (earlyKey). */
  key: string
  service: 'rest' | 'functions'
  path: string
  body?: Record<string, string>
  /** The course page's outline: its answer names the cover, the page's largest paint, which the boot script hints. */
  hintsCover?: boolean
  /** A lesson's media: its answer names the video, whose first frame is the player's largest paint (videoToWarm). */
  warmsVideo?: boolean
}

/** An API's answer: whether it was a success, and its JSON body. */
export interface EarlyAnswer {
  ok: boolean
  body: unknown
}

/** What the boot script leaves for the app. */
export interface EarlyAnswers {
  /** The bearer the requests carried: the stored session's access token, or null for a visitor. */
  token: string | null
  /** When they were asked, in the page's clock (performance.now()). */
  at: number
  /** By key: the answer, or null when there was none with a JSON body (a network error, say). */
  answers: Record<string, Promise<EarlyAnswer | null>>
  /** When the page last changed what they read (noteWriteForEarlyAnswers), in the same clock. */
  writtenAt?: number
}

declare global {
  interface Window {
    __summitEarly?: EarlyAnswers
  }
}

/** Past this, an early answer is not used: a page that took this long to ask wants a fresh one. */
export const EARLY_ANSWER_TTL_MS = 10_000

/**
 * auth-js refreshes a session this close to its expiry before using it (its EXPIRY_MARGIN_MS): the boot script then
 * asks nothing, since the page will ask with a token it does not know yet.
 */
export const REFRESH_MARGIN_MS = 90_000

/** The key of a call: the function (an RPC or an edge function) and its arguments, in the order given. */
export function earlyKey(name: string, args: Record<string, unknown>): string {
  return `${name} ${JSON.stringify(args)}`
}

/** The columns of `lesson_contents` the player reads (the early request and the app's own ask the same). */
export const LESSON_CONTENT_COLUMNS = 'body_md,video_path,captions_path,attachments'

/**
 * The requests the page at this address makes first, as its loader makes them: the course page's outline; the
 * player's outline, the lesson's content and its media (see startEarlyMedia). None for a member's learner preview
 * (`?preview=learner`, asked with as_learner), a lesson id that is not a uuid, or any other page.
 */
export function earlyRequests(pathname: string, search: string): EarlyRequest[] {
  if (new URLSearchParams(search).get('preview') !== null) return []
  const outline = (args: Record<string, string>, hintsCover = false): EarlyRequest => ({
    key: earlyKey('course_outline', args),
    service: 'rest',
    path: 'rest/v1/rpc/course_outline',
    body: args,
    ...(hintsCover && { hintsCover }),
  })
  const segments = pathname.split('/').filter(Boolean).map(safeDecode)
  if (segments.some((segment) => segment === null)) return []
  const [page, slug, lessonId, ...rest] = segments as string[]
  if (page === 'courses' && slug && lessonId === undefined) return [outline({ slug }, true)]
  if (page === 'learn' && slug && lessonId && rest.length === 0 && isUuid(lessonId)) {
    return [
      outline({ slug }),
      {
        key: earlyKey('lesson_contents', { lesson_id: lessonId }),
        service: 'rest',
        path: `rest/v1/lesson_contents?select=${LESSON_CONTENT_COLUMNS}&lesson_id=eq.${lessonId}`,
      },
      {
        key: earlyKey('lesson-media', { lesson_id: lessonId }),
        service: 'functions',
        path: 'functions/v1/lesson-media',
        body: { lesson_id: lessonId },
        warmsVideo: true,
      },
    ]
  }
  return []
}

/**
 * The first bytes of a lesson's video, which the boot script fetches as soon as the media answer names it: on a slow
 * phone the player's <video> asked for them only once the app's code had arrived and rendered the page, and its first
 * frame, the page's largest paint, came a round trip and a download after that. Fetched into the browser's HTTP cache
 * (the storage answer carries a validator and an expiry), they are what the player's own request for the video's start
 * is answered from; the rest of a long video comes from the network as it plays. A bounded range, about what a
 * browser loads for a video's first frame (the player asks preload="metadata"), so the download shares a slow
 * connection with the app's code only briefly; nothing for a reader whose browser asks to save data.
 */
export const WARM_VIDEO_BYTES = 128 * 1024

/** The signed URL of the video to warm, from the lesson-media answer (relative to the project URL), or null. */
export function videoToWarm(answer: EarlyAnswer | null, saveData: boolean): string | null {
  if (!answer?.ok || saveData) return null
  const url = (answer.body as { video_url?: unknown } | null)?.video_url
  return typeof url === 'string' && url !== '' ? url : null
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * The access token the client would send now, from the session auth-js stored: null for a visitor, undefined when
 * the page cannot be answered early (a session auth-js would refresh first, one it cannot read, or Auth's redirect in
 * the address, which signs in or out before any request).
 */
export function storedAccessToken(
  stored: string | null,
  nowMs: number,
  location: Pick<Location, 'hash' | 'search'>,
): string | null | undefined {
  if (hasAuthRedirect(location)) return undefined
  if (stored === null) return null
  try {
    const session = JSON.parse(stored) as { access_token?: unknown; expires_at?: unknown }
    if (typeof session.access_token !== 'string' || typeof session.expires_at !== 'number') return undefined
    return session.expires_at * 1000 - nowMs > REFRESH_MARGIN_MS ? session.access_token : undefined
  } catch {
    return undefined
  }
}

/**
 * This page has just changed what the early requests read: a progress write kept on the device reached the server
 * (the outbox sends it as the page starts, beside the boot script's requests). An answer asked before it may show the
 * lesson as it was, so it is not used: the call asks again.
 */
export function noteWriteForEarlyAnswers(at: number = performance.now()): void {
  const early = typeof window === 'undefined' ? undefined : window.__summitEarly
  if (early) early.writtenAt = Math.max(early.writtenAt ?? at, at)
}

/**
 * The early answer to this call, taken (a second call with the same key asks the API), or null: none was asked, or
 * it was asked with another token, too long ago, or before a write of this page's reached the server (checked when
 * the answer has arrived, so a write that lands while it is on its way counts too).
 */
export async function takeEarlyAnswer(
  key: string,
  token: () => Promise<string | null>,
  now: () => number = () => performance.now(),
): Promise<EarlyAnswer | null> {
  const early = typeof window === 'undefined' ? undefined : window.__summitEarly
  const answer = early?.answers[key]
  if (!early || !answer) return null
  delete early.answers[key]
  if (now() - early.at > EARLY_ANSWER_TTL_MS || (await token()) !== early.token) return null
  const value = await answer
  return early.writtenAt !== undefined && early.writtenAt >= early.at ? null : value
}

/** The early answer to `name(args)` for the client's current session (takeEarlyAnswer), or null. */
export function earlyAnswer(
  client: Pick<SupabaseClient, 'auth'>,
  name: string,
  args: Record<string, unknown>,
): Promise<EarlyAnswer | null> {
  return takeEarlyAnswer(earlyKey(name, args), async () => {
    const { data } = await client.auth.getSession()
    return data.session?.access_token ?? null
  })
}

/**
 * An RPC's early answer as `client.rpc` gives it: the data of a success, or PostgREST's error (its JSON body, which
 * postgrest-js hands on as `error`) thrown. Null when there is none to take: the caller asks the API.
 */
export async function earlyRpc(
  client: Pick<SupabaseClient, 'auth'>,
  name: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  const answer = await earlyAnswer(client, name, args)
  if (!answer) return null
  if (answer.ok) return answer.body
  if (typeof answer.body === 'object' && answer.body !== null) throw answer.body
  return null
}
