// Loads Volume Course (a course with many learners and progress rows) into a database in three steps: the school,
// course and learners (volume-setup.sql, one transaction); their progress rows by several workers side by side
// (volume-progress.sql, one transaction each, triggers off); then what the triggers would have derived, set-based
// (volume-derive.sql), checked against the rows and against a few witness learners whose rows went in through the
// triggers (volume-check.sql). Every step reads the same deterministic learner plan (volume-plan.sql). A failed
// load leaves a partial course that the next run removes first.
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const here = path.dirname(fileURLToPath(import.meta.url))

export const volumeCourseId = 'c0000000-0000-4000-8000-00000000f001'

export interface VolumeCounts {
  learners: number
  progressRows: number
  witnesses: number
  seconds: number
  /** Seconds of each step, in order. */
  steps: { name: string; seconds: number }[]
}

type Mismatches = Record<string, number>

/** A script with its placeholders (:from, :to, :anchor) replaced by checked integers and a timestamp literal. */
function script(file: string, values: { from: number; to: number; anchor: string }): string {
  return readFileSync(path.join(here, file), 'utf8').replace(/(?<!:):(from|to|anchor)\b/g, (_, name: string) =>
    name === 'anchor' ? `'${values.anchor}'` : String(values[name as 'from' | 'to']),
  )
}

async function inTransaction<T>(url: string, sql: string[], then?: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('begin')
    for (const text of sql) await client.query(text)
    const result = then ? await then(client) : (undefined as T)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}

/** Contiguous learner ranges, one per worker. */
function ranges(learners: number, workers: number): { from: number; to: number }[] {
  const size = Math.ceil(learners / workers)
  return Array.from({ length: workers }, (_, k) => ({
    from: k * size + 1,
    to: Math.min(learners, (k + 1) * size),
  })).filter((r) => r.from <= r.to)
}

export async function seedVolume(url: string, learners: number, workers = os.cpus().length): Promise<VolumeCounts> {
  if (!Number.isInteger(learners) || learners < 1 || learners > 200_000) {
    throw new Error(`learners must be a whole number from 1 to 200,000 (got ${learners})`)
  }
  const anchor = new Date().toISOString()
  const all = { from: 1, to: learners, anchor }
  const steps: { name: string; seconds: number }[] = []
  const started = performance.now()
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t = performance.now()
    const result = await run()
    steps.push({ name, seconds: (performance.now() - t) / 1000 })
    return result
  }

  await step('school, course, learners', () =>
    inTransaction(url, [script('volume-plan.sql', all), script('volume-setup.sql', all)]),
  )
  await step('progress rows', () =>
    Promise.all(
      ranges(learners, Math.max(1, Math.min(workers, 8))).map((r) =>
        inTransaction(url, [
          script('volume-plan.sql', { ...r, anchor }),
          script('volume-progress.sql', { ...r, anchor }),
        ]),
      ),
    ),
  )
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    // The derivation's joins and the certificates' per-learner reads are planned on the new row counts.
    await step('statistics', () =>
      admin.query('analyze public.lesson_progress, public.enrollments, public.profiles, auth.users'),
    )
    // Checked before the derivation commits: an inconsistent load is rolled back.
    const witnesses = await step('derived state and its check', () =>
      inTransaction(url, [script('volume-plan.sql', all), script('volume-derive.sql', all)], async (client) => {
        const { rows } = await client.query<Mismatches>(script('volume-check.sql', all))
        const { witnesses, ...counts } = rows[0]!
        const wrong = Object.entries(counts).filter(([, n]) => n !== 0)
        if (wrong.length > 0) {
          throw new Error(
            `volume course inconsistent with its progress rows (${witnesses} witnesses): ` +
              wrong.map(([what, n]) => `${what} ${n}`).join(', '),
          )
        }
        return witnesses!
      }),
    )
    await step('statistics', () =>
      admin.query(
        `analyze public.lesson_progress, public.enrollments, public.lessons, public.certificates,
           public.daily_activity, private.course_learner_stats, private.lesson_time_histogram,
           private.course_week_activity`,
      ),
    )
    const { rows } = await admin.query<{ learners: number; progress: number }>(
      `select (select count(*) from public.enrollments where course_id = $1)::int as learners,
              (select count(*) from public.lesson_progress where course_id = $1)::int as progress`,
      [volumeCourseId],
    )
    return {
      learners: rows[0]!.learners,
      progressRows: rows[0]!.progress,
      witnesses,
      seconds: (performance.now() - started) / 1000,
      steps,
    }
  } finally {
    await admin.end()
  }
}
