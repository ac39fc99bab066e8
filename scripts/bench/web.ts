// `npm run bench -- web`: what a visitor's browser pays for a course page and a lesson, on production builds of web/
// served by `vite preview`, in Debian's Chromium against a running stack (`npm start` in another terminal; demo data).
//   first-load JS     gzip bytes of the scripts the course page had received when it became usable (budget 160 KiB),
//                     by the browser's resource timing against the frame it became usable in (median of the visits
//                     at 1× CPU); the parts it loads lazily afterwards (e.g. the markdown of the description) are
//                     listed beside it
//   every route       the first-load JS of each route from the build's manifest (web-routes.ts) beside its budget
//                     (course page 160 KiB, any other 170 KiB)
//   time to usable    navigation start → title, outline and call to action of the course page on screen
//   time to playable  navigation start → a free preview lesson's video can play (readyState ≥ HAVE_FUTURE_DATA), with
//                     the API round trips made one after another before it (target: at most two)
//   slow phone        the course page and the lesson with 400 ms round trips, 1.6 Mbit/s down and the CPU slowed 4×
//                     (Chromium's DevTools protocol): Largest Contentful Paint (target ≤ 2.5 s, Core Web Vitals'
//                     "good") and the first frame a skeleton is on screen (target ≤ 1 s), median of BENCH_SLOW_RUNS;
//                     beside them where the LCP's time went: when the last first-load script had arrived, and the
//                     main thread's long tasks from then until the LCP
//   sign-up password  gzip bytes a first password typed on the sign-up page loads (the strength checker and its word
//                     lists; budget 100 KiB), beside what the page itself loaded
// Each is the median of BENCH_RUNS cold visits, unthrottled and with the CPU slowed 4× (a mid-range phone).
// BENCH_BASELINE=<git ref> also builds that commit (in a temporary worktree) and measures both side by side, in
// alternation, on the same stack. BENCH_SCRIPTS=1 lists each first-load script with its gzip size.
import path from 'node:path'
import { chromium } from '@playwright/test'
import { publishableKey } from '../local-stack/keys/index.ts'
import { stackDir } from '../local-stack/paths.ts'
import { serveCommit, serveWorkingTree, type ServedBuild } from './web-builds.ts'
import { budgetOf, routeLoads } from './web-routes.ts'
import { median } from './percentile-rank.ts'
import {
  coursePageUsable,
  sequentialRoundTrips,
  signUpVisit,
  slowPhone,
  sum,
  videoPlayable,
  visit,
  type Visit,
} from './web-visit.ts'

const runs = Number(process.env.BENCH_RUNS ?? 7)
const slowRuns = Number(process.env.BENCH_SLOW_RUNS ?? 5)
const apiUrl = process.env.SUMMIT_API_URL ?? 'http://127.0.0.1:54321'
const slug = process.env.BENCH_COURSE ?? 'web-accessibility-basics'
// A free preview video lesson of that course: visitors may play it.
const lessonId = process.env.BENCH_LESSON ?? 'e0000000-0000-4000-8000-000000001001'
const baseline = process.env.BENCH_BASELINE
const slowdowns = [1, 4]

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const out = (line = '') => process.stdout.write(`${line}\n`)

if (
  !(await fetch(`${apiUrl}/rest/v1/`, { headers: { apikey: publishableKey } })
    .then((r) => r.ok)
    .catch(() => false))
) {
  process.stderr.write(`No stack answers on ${apiUrl}: run \`npm start\` in another terminal first.\n`)
  process.exit(1)
}

out('Building web/ for production…')
const builds: ServedBuild[] = []
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--no-first-run', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
})
try {
  if (baseline) {
    out(`Building ${baseline} for production in a temporary worktree…`)
    builds.push(await serveCommit(baseline, apiUrl, 4174, path.join(stackDir, 'bench-web-baseline-dist')))
  }
  builds.push(await serveWorkingTree(apiUrl, 4173, path.join(stackDir, 'bench-web-dist')))

  const pages = {
    course: { path: `/courses/${slug}`, ready: coursePageUsable },
    lesson: { path: `/learn/${slug}/${lessonId}`, ready: videoPlayable },
  }
  type Key = `${string}|${keyof typeof pages}|${number}`
  const results = new Map<Key, Visit[]>()
  const slow = new Map<string, Visit[]>()
  const measure = async (build: ServedBuild, name: keyof typeof pages, cpuSlowdown: number) => {
    const result = await visit(browser, { origin: build.origin, apiUrl, cpuSlowdown, ...pages[name] })
    const key: Key = `${build.label}|${name}|${cpuSlowdown}`
    results.set(key, [...(results.get(key) ?? []), result])
  }
  const measureSlow = async (build: ServedBuild, name: keyof typeof pages) => {
    const result = await visit(browser, {
      origin: build.origin,
      apiUrl,
      ...slowPhone,
      network: slowPhone,
      ...pages[name],
    })
    const key = `${build.label}|${name}`
    slow.set(key, [...(slow.get(key) ?? []), result])
  }
  // Warm the preview servers, the stack and the database's caches; then alternate builds so drift hits both alike.
  for (const build of builds) for (const name of ['course', 'lesson'] as const) await measure(build, name, 1)
  results.clear()
  for (let i = 0; i < runs; i++) {
    for (const cpu of slowdowns)
      for (const build of builds) for (const name of ['course', 'lesson'] as const) await measure(build, name, cpu)
  }
  for (let i = 0; i < slowRuns; i++) {
    for (const build of builds) for (const name of ['course', 'lesson'] as const) await measureSlow(build, name)
  }

  out(`\n${runs} cold visits each, Chromium ${browser.version()}; course /courses/${slug}, lesson ${lessonId}\n`)
  const medians = new Map<string, number>()
  for (const build of builds) {
    const course = results.get(`${build.label}|course|1`)!
    const lesson = results.get(`${build.label}|lesson|1`)!
    // The visit whose first load is the median one.
    const bySum = [...course].sort((a, b) => sum(a.firstScripts) - sum(b.firstScripts))
    const first = bySum[Math.floor(bySum.length / 2)]!
    out(`${build.label}`)
    out(
      `  first-load JS       ${kib(sum(first.firstScripts))} gzip in ${first.firstScripts.length} scripts (budget 160 KiB)`,
    )
    out(
      `  + loaded lazily     ${kib(sum(first.allScripts) - sum(first.firstScripts))} (all by network idle: ${kib(sum(first.allScripts))})`,
    )
    if (process.env.BENCH_SCRIPTS)
      for (const [name, bytes] of first.firstScripts) out(`    ${kib(bytes).padStart(10)}  ${name}`)
    out(`  course page API     ${first.api.map((call) => call.name).join(', ')}`)
    // The captions track is fetched once the video has started loading; it does not hold up playing.
    const trips = median(lesson.map((v) => sequentialRoundTrips(v.api.filter((call) => !call.name.endsWith('.vtt')))))
    out(`  lesson API          ${trips} round trips in sequence: ${lesson[0]!.api.map((call) => call.name).join(', ')}`)
    for (const cpu of slowdowns) {
      for (const [name, label] of [
        ['course', 'time to usable'],
        ['lesson', 'time to playable'],
      ] as const) {
        const times = results.get(`${build.label}|${name}|${cpu}`)!.map((v) => v.readyMs)
        medians.set(`${build.label}|${name}|${cpu}`, median(times))
        out(
          `  ${label.padEnd(18)}  CPU ${cpu}×  median ${median(times).toFixed(0).padStart(5)} ms ` +
            `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
        )
      }
    }
  }
  out(
    `\nslow phone: ${slowPhone.latencyMs} ms round trips, ${slowPhone.downloadBps / 1e6} Mbit/s down, ` +
      `CPU ${slowPhone.cpuSlowdown}× (median of ${slowRuns} cold visits)`,
  )
  for (const build of builds) {
    out(`${build.label}`)
    for (const [name, label] of [
      ['course', 'course page'],
      ['lesson', 'lesson (player)'],
    ] as const) {
      const visits = slow.get(`${build.label}|${name}`)!
      const lcps = visits.map((v) => v.lcp?.ms ?? Number.POSITIVE_INFINITY)
      const skeletons = visits.map((v) => v.skeletonMs ?? Number.POSITIVE_INFINITY)
      const byLcp = [...visits].sort((a, b) => (a.lcp?.ms ?? Infinity) - (b.lcp?.ms ?? Infinity))
      const element = byLcp[Math.floor(byLcp.length / 2)]!.lcp?.element ?? 'none'
      const ready = median(visits.map((v) => v.readyMs))
      out(
        `  ${label.padEnd(16)}  LCP ${median(lcps).toFixed(0).padStart(5)} ms (target 2500; min ${Math.min(...lcps).toFixed(0)}, ` +
          `max ${Math.max(...lcps).toFixed(0)}; ${element})`,
      )
      const firstFrames = visits.flatMap((v) => (v.firstFrameMs === null ? [] : [v.firstFrameMs]))
      out(
        `  ${''.padEnd(16)}  skeleton ${median(skeletons).toFixed(0).padStart(5)} ms (target 1000), ` +
          `${name === 'course' ? 'usable' : 'playable'} ${ready.toFixed(0)} ms` +
          (firstFrames.length === visits.length ? `, video's first frame ${median(firstFrames).toFixed(0)} ms` : ''),
      )
      // Where the LCP's time goes: waiting for the app's code, then running it (and styling and laying out the page).
      const busy = visits.flatMap((v) => (v.busyBeforeLcpMs === null ? [] : [v.busyBeforeLcpMs]))
      out(
        `  ${''.padEnd(16)}  first-load scripts in by ${median(visits.map((v) => v.scriptsInMs)).toFixed(0)} ms, ` +
          `then ${busy.length > 0 ? median(busy).toFixed(0) : '—'} ms of long tasks before the LCP`,
      )
    }
  }

  out("\nfirst-load JS of every route, gzip, from the build manifest (entry + the route's component and loader)")
  const loads = builds.map((build) => new Map(routeLoads(build.outDir).map((load) => [load.route, load])))
  out(`  ${'route'.padEnd(58)}${builds.map((b) => b.label.padStart(12)).join('')}      budget`)
  for (const route of [...new Set(loads.flatMap((l) => [...l.keys()]))].sort()) {
    const sizes = loads.map((l) => l.get(route)?.bytes)
    const last = sizes.at(-1)
    const over = last !== undefined && last > budgetOf(route) ? '  over' : ''
    out(
      `  ${route.padEnd(58)}${sizes.map((bytes) => (bytes === undefined ? '—' : kib(bytes)).padStart(12)).join('')}` +
        `  ${kib(budgetOf(route)).padStart(10)}${over}`,
    )
  }

  out('\nsign-up page, a first password typed (median of 3 cold visits)')
  for (const build of builds) {
    const visits = [await signUpVisit(browser, build.origin)]
    for (let i = 1; i < 3; i++) visits.push(await signUpVisit(browser, build.origin))
    const page = median(visits.map((v) => sum(v.pageScripts)))
    const password = median(visits.map((v) => sum(v.passwordScripts)))
    out(`  ${build.label.padEnd(18)}  page ${kib(page)} gzip, + password check ${kib(password)} gzip (budget 100 KiB)`)
  }
  if (builds.length === 2) {
    const [before, after] = builds as [ServedBuild, ServedBuild]
    out(`\nthis tree / ${before.label} (median time ratio; below 1 is faster)`)
    for (const cpu of slowdowns) {
      for (const name of ['course', 'lesson'] as const) {
        const ratio = medians.get(`${after.label}|${name}|${cpu}`)! / medians.get(`${before.label}|${name}|${cpu}`)!
        out(
          `  ${(name === 'course' ? 'time to usable' : 'time to playable').padEnd(18)}  CPU ${cpu}×  ${ratio.toFixed(2)}`,
        )
      }
    }
  }
} finally {
  await browser.close()
  for (const build of builds) await build.stop()
}
