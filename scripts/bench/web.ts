// `npm run bench -- web`: what a visitor's browser pays for a course page, on a production build of web/ served by
// `vite preview`, in Debian's Chromium against a running stack (`npm start` in another terminal; demo data needed).
//   first-load JS   gzip bytes of every script the course page loads on a cold visit (budget 170 KiB)
//   API requests    requests to the API while the page loads (target: the course page's data in one request)
//   time to usable  navigation start → title, outline and call to action on screen; median of BENCH_RUNS cold visits,
//                   unthrottled and with the CPU slowed 4× (a mid-range phone)
// BENCH_SCRIPTS=1 also lists each script with its gzip size.
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from '@playwright/test'
import { publishableKey } from '../local-stack/keys/index.ts'
import { stackDir } from '../local-stack/paths.ts'
import { WebServer } from '../local-stack/web.ts'

const runs = Number(process.env.BENCH_RUNS ?? 7)
const apiUrl = process.env.SUMMIT_API_URL ?? 'http://127.0.0.1:54321'
const slug = process.env.BENCH_COURSE ?? 'web-accessibility-basics'
// Beside `npm start`'s dev server on 5173, the production build is served on 4173.
const web = new WebServer({ port: 4173, outDir: path.join(stackDir, 'bench-web-dist') })
const origin = web.url

interface Visit {
  usableMs: number
  scriptGzipBytes: number
  /** Each script's path and gzip bytes, largest first. */
  scripts: [string, number][]
  apiRequests: string[]
}

/** One cold visit (fresh context: no cache, no session). */
async function visit(browser: Browser, cpuSlowdown: number): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  }
  const scripts: Promise<[string, number]>[] = []
  const apiRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(apiUrl)) apiRequests.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.url().startsWith(origin)) {
      const name = new URL(response.url()).pathname
      scripts.push(response.body().then((body) => [name, gzipSync(body, { level: 9 }).length]))
    }
  })
  await page.goto(`${origin}/courses/${slug}`, { waitUntil: 'commit' })
  // Usable: the title, the outline's first section and the enroll call to action are on screen.
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  // The outline's section triggers, not any `[aria-expanded]`: the header's hidden mobile `Menu` button has one too.
  await page.getByRole('region', { name: 'Course content' }).getByRole('button', { expanded: true }).first().waitFor()
  await page
    .getByRole('link', { name: /sign in to enroll/i })
    .or(page.getByRole('button', { name: /enroll/i }))
    .first()
    .waitFor()
  const usableMs = await page.evaluate(() => performance.now())
  await page.waitForLoadState('networkidle')
  const sizes = await Promise.all(scripts)
  await context.close()
  const scriptGzipBytes = sizes.reduce((sum, [, bytes]) => sum + bytes, 0)
  return { usableMs, scriptGzipBytes, scripts: sizes.sort((a, b) => b[1] - a[1]), apiRequests }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

if (
  !(await fetch(`${apiUrl}/rest/v1/`, { headers: { apikey: publishableKey } })
    .then((r) => r.ok)
    .catch(() => false))
) {
  process.stderr.write(`No stack answers on ${apiUrl}: run \`npm start\` in another terminal first.\n`)
  process.exit(1)
}

process.stdout.write('Building web/ for production…\n')
await web.start(apiUrl, { production: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--no-first-run', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
})
try {
  await visit(browser, 1) // warm the preview server and the database's caches
  const results: Record<string, Visit[]> = { unthrottled: [], 'CPU 4× slower': [] }
  for (let i = 0; i < runs; i++) {
    results['unthrottled']!.push(await visit(browser, 1))
    results['CPU 4× slower']!.push(await visit(browser, 4))
  }
  const first = results['unthrottled']![0]!
  process.stdout.write(`\nCourse page /courses/${slug}, ${runs} cold visits each, Chromium ${browser.version()}\n\n`)
  process.stdout.write(
    `  first-load JS       ${kib(first.scriptGzipBytes)} gzip in ${first.scripts.length} scripts (budget 170 KiB)\n`,
  )
  // BENCH_SCRIPTS=1 lists them, to see what a change moved.
  if (process.env.BENCH_SCRIPTS) {
    for (const [name, bytes] of first.scripts) process.stdout.write(`    ${kib(bytes).padStart(10)}  ${name}\n`)
  }
  process.stdout.write(`  API requests        ${first.apiRequests.length}: ${first.apiRequests.join(', ')}\n`)
  for (const [name, visits] of Object.entries(results)) {
    const times = visits.map((v) => v.usableMs)
    process.stdout.write(
      `  time to usable      ${name.padEnd(14)} median ${median(times).toFixed(0)} ms ` +
        `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})\n`,
    )
  }
} finally {
  await browser.close()
  await web.stop()
}
