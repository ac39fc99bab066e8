// One cold visit of the web bench (fresh browser context: no cache, no session), optionally with the CPU slowed
// through Chromium's DevTools protocol: the course page until usable, or a free preview lesson until its video can
// play. Records the scripts loaded (gzip) and the API requests, with their timing, to count sequential round trips.
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from '@playwright/test'

export interface ApiCall {
  name: string
  startMs: number
  endMs: number
}

export interface Visit {
  readyMs: number
  /** Scripts fetched before the page was usable / playable: what it had to load first (name, gzip bytes). */
  firstScripts: [string, number][]
  /** Every script fetched until the network was idle, lazily loaded parts included. */
  allScripts: [string, number][]
  /** API calls made before ready, in order of start. */
  api: ApiCall[]
}

export const sum = (scripts: [string, number][]) => scripts.reduce((total, [, bytes]) => total + bytes, 0)

/** The longest chain of API calls each started after the previous one answered: round trips one after another. */
export function sequentialRoundTrips(calls: ApiCall[]): number {
  const depth: number[] = []
  calls.forEach((call, i) => {
    const before = calls
      .filter((other, j) => j !== i && other.endMs <= call.startMs)
      .map((other) => depth[calls.indexOf(other)] ?? 1)
    depth[i] = 1 + Math.max(0, ...before)
  })
  return Math.max(0, ...depth)
}

export async function visit(
  browser: Browser,
  options: { origin: string; path: string; apiUrl: string; cpuSlowdown: number; ready: (page: Page) => Promise<void> },
): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  if (options.cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown })
  }
  let ready = false
  const first: Promise<[string, number]>[] = []
  const all: Promise<[string, number]>[] = []
  const api: ApiCall[] = []
  // A round trip ends when its answer's headers arrive (a video keeps streaming long after).
  const calls = new Map<object, ApiCall>()
  page.on('request', (request) => {
    if (ready || !request.url().startsWith(options.apiUrl)) return
    const name = `${request.method()} ${new URL(request.url()).pathname.replace(/^\/(rest|storage)\/v1/, '')}`
    const call = { name, startMs: Date.now(), endMs: Number.POSITIVE_INFINITY }
    calls.set(request, call)
    api.push(call)
  })
  page.on('response', (response) => {
    const call = calls.get(response.request())
    if (call) call.endMs = Date.now()
  })
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().startsWith(options.origin)) return
    const entry = response
      .body()
      .then((body): [string, number] => [new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length])
    all.push(entry)
    if (!ready) first.push(entry)
  })
  await page.goto(`${options.origin}${options.path}`, { waitUntil: 'commit' })
  await options.ready(page)
  const readyMs = await page.evaluate(() => performance.now())
  ready = true
  await page.waitForLoadState('networkidle')
  const [firstScripts, allScripts] = await Promise.all([Promise.all(first), Promise.all(all)])
  await context.close()
  const bySize = (a: [string, number], b: [string, number]) => b[1] - a[1]
  return {
    readyMs,
    firstScripts: firstScripts.sort(bySize),
    allScripts: allScripts.sort(bySize),
    api: api.sort((a, b) => a.startMs - b.startMs),
  }
}

/** Usable course page: title, the outline's first open section and the enroll call to action on screen. */
export async function coursePageUsable(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  // The outline's section triggers, not any `[aria-expanded]`: the header's hidden mobile `Menu` button has one too.
  await page.getByRole('region', { name: 'Course content' }).getByRole('button', { expanded: true }).first().waitFor()
  await page
    .getByRole('link', { name: /sign in to enroll/i })
    .or(page.getByRole('button', { name: /enroll/i }))
    .first()
    .waitFor()
}

/** Playable video: the element has enough of the media to start playing (HAVE_FUTURE_DATA), checked every frame. */
export async function videoPlayable(page: Page): Promise<void> {
  await page.waitForFunction('(document.querySelector("video")?.readyState ?? 0) >= 3', undefined, {
    polling: 'raf',
    timeout: 60_000,
  })
}
