// Loads volume.sql (a course with many learners and progress rows) into a database in one transaction, then
// refreshes the planner's statistics so the first queries after it are planned on the real row counts.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const here = path.dirname(fileURLToPath(import.meta.url))

export const volumeCourseId = 'c0000000-0000-4000-8000-00000000f001'

export interface VolumeCounts {
  learners: number
  progressRows: number
  seconds: number
}

export async function seedVolume(url: string, learners: number): Promise<VolumeCounts> {
  if (!Number.isInteger(learners) || learners < 1 || learners > 200_000) {
    throw new Error(`learners must be a whole number from 1 to 200,000 (got ${learners})`)
  }
  // The only substitution is a checked integer; the script itself is static.
  const script = readFileSync(path.join(here, 'volume.sql'), 'utf8').replaceAll(':learners', String(learners))
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const started = performance.now()
  try {
    await client.query('begin')
    await client.query(script)
    await client.query('commit')
    await client.query('analyze public.lesson_progress, public.enrollments, public.lessons, public.certificates')
    await client.query('analyze private.course_learner_stats, private.lesson_time_histogram').catch(() => undefined)
    const { rows } = await client.query<{
      learners: number
      progress: number
      counted: number
      completed: number
      certificates: number
    }>(
      `select (select count(*) from public.enrollments where course_id = $1)::int as learners,
              (select count(*) from public.lesson_progress where course_id = $1)::int as progress,
              (select learner_count from public.courses where id = $1) as counted,
              (select count(*) from public.enrollments where course_id = $1 and status = 'completed')::int as completed,
              (select count(*) from public.certificates where course_id = $1)::int as certificates`,
      [volumeCourseId],
    )
    // The script computes what the enrollments' triggers would have: say so if it ever stops matching.
    const derived = rows[0]!
    if (derived.counted !== derived.learners || derived.certificates !== derived.completed) {
      throw new Error(
        `volume course inconsistent: learner_count ${derived.counted} for ${derived.learners} enrollments, ` +
          `${derived.certificates} certificates for ${derived.completed} completions`,
      )
    }
    return {
      learners: rows[0]!.learners,
      progressRows: rows[0]!.progress,
      seconds: (performance.now() - started) / 1000,
    }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}
