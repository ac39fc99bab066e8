// One cold visit of the web bench (fresh browser context: no cache, no session), optionally with the CPU slowed
// and the network throttled through Chromium's DevTools protocol: the course page until usable, or a free preview
// lesson until its video can play. Records the scripts loaded (gzip) and the API requests, with their timing, to
// count sequential round trips; the Largest Contentful Paint (the browser's own PerformanceObserver entries), the
// first frame a skeleton was on screen (the boot placeholder of index.html or a route's pending view) and when a
// video first had its picture.
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from '@playwright/test'

export interface ApiCall {
  name: string
  startMs: number
  endMs: number
}

/** When a page is ready: a check of its DOM made in the page, and the same state checked by Playwright by role. */
export interface Readiness {
  /** A JavaScript expression evaluated in the page before each frame from the first: the first frame it holds in. */
  holds: string
  /** Playwright's check of what a user sees (roles and names), so `holds` cannot pass on the wrong page. */
  confirm: (page: Page) => Promise<void>
}

export interface Visit {
  /** When `holds` first held, in the page's clock (ms since navigation start). */
  readyMs: number
  /** Scripts whose response had ended when the page was usable / playable: what it had to load first. */
  firstScripts: [string, number][]
  /** Every script fetched until the network was idle, lazily loaded parts included. */
  allScripts: [string, number][]
  /** API calls made before ready, in order of start. */
  api: ApiCall[]
  /** The last Largest Contentful Paint entry by network idle (ms since navigation start), and what it painted. */
  lcp: { ms: number; element: string } | null
  /** The first frame a skeleton (grey placeholder blocks) was in the page, ms since navigation start. */
  skeletonMs: number | null
  /**
   * When a page's video first had its picture (`loadeddata`: `readyState` reached HAVE_CURRENT_DATA), ms since
   * navigation start; null without a video. The player's LCP is that picture, but a frame painted after the page went
   * quiet is not always the last LCP entry the visit reads, so it is measured here too.
   */
  firstFrameMs: number | null
  /**
   * When the last first-load script had arrived (its response's end, ms since navigation start): until then the page
   * waits on the network, as nothing of the app runs before its module graph is whole.
   */
  scriptsInMs: number
  /**
   * Main-thread time in long tasks (over 50 ms) from `scriptsInMs` to the LCP: what the page's code and the browser's
   * style and layout cost before the largest paint, once there was nothing left to download; null without an LCP.
   */
  busyBeforeLcpMs: number | null
}

/** A slow phone on a slow network: 400 ms round trips, 1.6 Mbit/s down (750 kbit/s up), the CPU slowed 4×. */
export const slowPhone = { cpuSlowdown: 4, latencyMs: 400, downloadBps: 1_600_000, uploadBps: 750_000 }
export type Network = Pick<typeof slowPhone, 'latencyMs' | 'downloadBps' | 'uploadBps'>

// What the page records for the bench from its first moment: LCP entries as they come, the first animation frame
// with a skeleton block in it (index.html's boot blocks, or the Skeleton component's pulse, both hidden from AT), and
// the main thread's long tasks.
const paintProbe = `(() => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element
      window.__benchLcp = { ms: entry.startTime, element: el
        ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' ' + (el.textContent || el.getAttribute('src') || '').trim().slice(0, 40)
        : '(removed)' }
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  const skeleton = () => { if (document.querySelector('.boot-block, [aria-hidden="true"].animate-pulse'))
    window.__benchSkeletonAt = performance.now(); else requestAnimationFrame(skeleton) }
  requestAnimationFrame(skeleton)
  window.__benchLongTasks = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__benchLongTasks.push([entry.startTime, entry.duration])
  }).observe({ type: 'longtask', buffered: true })
  // A media element's loadeddata (not bubbling, so caught on the way down) marks its first HAVE_CURRENT_DATA: no work
  // each frame on a page that has no video.
  document.addEventListener('loadeddata', () => { window.__benchFirstFrameAt = performance.now() },
    { capture: true, once: true })
})()`

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
  options: { origin: string; path: string; apiUrl: string; cpuSlowdown: number; network?: Network; ready: Readiness },
): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  // A throttled visit takes many seconds; on a busy machine more than Playwright's default 30 s to be ready.
  page.setDefaultTimeout(120_000)
  if (options.cpuSlowdown > 1 || options.network) {
    const cdp = await context.newCDPSession(page)
    if (options.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown })
    if (options.network) {
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: options.network.latencyMs,
        // Bytes per second.
        downloadThroughput: options.network.downloadBps / 8,
        uploadThroughput: options.network.uploadBps / 8,
      })
    }
  }
  await context.addInitScript(paintProbe)
  let ready = false
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
  // Scripts are counted until the network has gone quiet: a later one (a part loaded once the browser is idle) may
  // still be arriving as the visit's context closes, and its body would then be lost with it.
  let counting = true
  page.on('response', (response) => {
    if (!counting || response.request().resourceType() !== 'script' || !response.url().startsWith(options.origin)) {
      return
    }
    const entry = response
      .body()
      .then((body): [string, number] => [new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length])
    all.push(entry)
  })
  // Checked in the page, frame by frame: Playwright's own polling would notice the page some frames late, and count
  // as first-load whatever finished meanwhile.
  await context.addInitScript(
    `(() => { const holds = () => (${options.ready.holds});
      const frame = () => { if (holds()) window.__benchReadyAt = performance.now(); else requestAnimationFrame(frame) };
      requestAnimationFrame(frame) })()`,
  )
  await page.goto(`${options.origin}${options.path}`, { waitUntil: 'commit' })
  await options.ready.confirm(page)
  const readyMs = (await (await page.waitForFunction('window.__benchReadyAt')).jsonValue()) as number
  ready = true
  // What the page had received by then, and when, by the browser's own resource timing.
  const receivedByReady = (await page.evaluate(
    `performance.getEntriesByType('resource').filter((e) => e.responseEnd <= ${readyMs})
      .map((e) => [e.name, e.responseEnd])`,
  )) as [string, number][]
  const loadedByReady = new Map(receivedByReady.map(([name, end]) => [new URL(name).pathname, end]))
  await page.waitForLoadState('networkidle')
  const { lcp, skeletonMs, firstFrameMs, longTasks } = (await page.evaluate(
    `({ lcp: window.__benchLcp ?? null, skeletonMs: window.__benchSkeletonAt ?? null,
        firstFrameMs: window.__benchFirstFrameAt ?? null, longTasks: window.__benchLongTasks })`,
  )) as Pick<Visit, 'lcp' | 'skeletonMs' | 'firstFrameMs'> & { longTasks: [number, number][] }
  counting = false
  const allScripts = await Promise.all(all)
  const firstScripts = allScripts.filter(([name]) => loadedByReady.has(name))
  const scriptsInMs = Math.max(0, ...firstScripts.map(([name]) => loadedByReady.get(name)!))
  // The part of each long task between the scripts' arrival and the LCP.
  const busyBeforeLcpMs =
    lcp === null
      ? null
      : longTasks.reduce(
          (busy, [start, duration]) =>
            busy + Math.max(0, Math.min(start + duration, lcp.ms) - Math.max(start, scriptsInMs)),
          0,
        )
  await context.close()
  const bySize = (a: [string, number], b: [string, number]) => b[1] - a[1]
  return {
    readyMs,
    firstScripts: firstScripts.sort(bySize),
    allScripts: allScripts.sort(bySize),
    api: api.sort((a, b) => a.startMs - b.startMs),
    lcp,
    skeletonMs,
    firstFrameMs,
    scriptsInMs,
    busyBeforeLcpMs,
  }
}

/** Usable course page: title, the outline's first open section and the enroll call to action on screen. */
export const coursePageUsable: Readiness = {
  // The outline's section triggers, not any `[aria-expanded]`: the header's hidden mobile `Menu` button has one too.
  holds: `!!document.querySelector('h1')?.textContent?.trim()
    && !!document.getElementById('course-outline-heading')?.closest('section')
      ?.querySelector('button[aria-expanded="true"]')
    && Array.from(document.querySelectorAll('a, button')).some((el) => /enroll/i.test(el.textContent ?? ''))`,
  confirm: async (page) => {
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.getByRole('region', { name: 'Course content' }).getByRole('button', { expanded: true }).first().waitFor()
    await page
      .getByRole('link', { name: /sign in to enroll/i })
      .or(page.getByRole('button', { name: /enroll/i }))
      .first()
      .waitFor()
  },
}

/** Playable video: the element has enough of the media to start playing (HAVE_FUTURE_DATA). */
export const videoPlayable: Readiness = {
  holds: `(document.querySelector('video')?.readyState ?? 0) >= 3`,
  confirm: async (page) => {
    await page.waitForFunction('(document.querySelector("video")?.readyState ?? 0) >= 3', undefined, {
      polling: 'raf',
      timeout: 60_000,
    })
  },
}

/** What the sign-up page loads, and what a first password typed into it loads on top (the strength checker). */
export interface SignUpVisit {
  pageScripts: [string, number][]
  passwordScripts: [string, number][]
}

export async function signUpVisit(browser: Browser, origin: string): Promise<SignUpVisit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const scripts: Promise<[string, number]>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().startsWith(origin)) return
    scripts.push(
      response
        .body()
        .then((body): [string, number] => [new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length]),
    )
  })
  await page.goto(`${origin}/auth/sign-up`)
  const password = page.getByLabel('Password', { exact: true })
  await password.waitFor()
  await page.waitForLoadState('networkidle')
  const before = scripts.length
  await password.focus()
  await password.pressSequentially('correct horse battery staple')
  // The meter rates the password once the checker has loaded.
  await page.getByText(/^Strength: /).waitFor()
  await page.waitForLoadState('networkidle')
  const all = await Promise.all(scripts)
  await context.close()
  return { pageScripts: all.slice(0, before), passwordScripts: all.slice(before) }
}
