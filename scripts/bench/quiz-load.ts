// Helpers of the quiz bench: loading quiz-volume.sql, opening attempts set-based for a batch of learners (answers
// filled in, half of them right, as a learner leaves an attempt before submitting), and submitting a batch with
// `connections` workers, each submit its own transaction as PostgREST runs an RPC, timing every submit.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { asUser } from './analytics-queries.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

export const submitQuiz = 'e0000000-0000-4000-8000-00000000f501'
export const analysisQuiz = 'e0000000-0000-4000-8000-00000000f502'

/** Loads the bench's course, bank, learners and the analysis quiz's graded attempts; answers the seconds taken. */
export async function loadQuizVolume(url: string, learners: number): Promise<number> {
  if (!Number.isInteger(learners) || learners < 100 || learners > 99_999) {
    throw new Error(`learners must be a whole number from 100 to 99,999 (got ${learners})`)
  }
  const script = readFileSync(path.join(here, 'quiz-volume.sql'), 'utf8').replaceAll(':learners', String(learners))
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const started = performance.now()
  try {
    await client.query('begin')
    await client.query(script)
    await client.query('commit')
    await client.query('analyze public.quiz_attempts, public.quiz_questions, public.enrollments')
    await client.query('analyze private.quiz_stats, private.quiz_item_stats')
    return (performance.now() - started) / 1000
  } finally {
    await client.end()
  }
}

/** Opens one submit-quiz attempt for each learner of the batch (learners i in [from, from + count)). */
export async function openAttempts(client: pg.ClientBase, from: number, count: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string; user_id: string }>(
    `with learners as (
       select ('a1000000-0000-4000-8000-000000f' || lpad(i::text, 5, '0'))::uuid as id
       from generate_series($1::int, $1::int + $2::int - 1) i
     ),
     quiz as (select question_ids from public.quiz_settings where lesson_id = $3)
     insert into public.quiz_attempts (user_id, lesson_id, course_id, number, question_ids, option_orders, answers, max_score)
     select l.id, $3, 'c0000000-0000-4000-8000-00000000f501',
       1 + (select count(*) from public.quiz_attempts a where a.user_id = l.id and a.lesson_id = $3),
       quiz.question_ids, '{}',
       (select jsonb_object_agg(q.id, case q.kind
          when 'single' then jsonb_build_object('option', case when random() < 0.5 then 'a' else 'b' end)
          when 'multiple' then case when random() < 0.5 then '{"options": ["a", "c"]}' else '{"options": ["a", "b"]}' end::jsonb
          when 'true_false' then jsonb_build_object('option', case when random() < 0.5 then 'true' else 'false' end)
          when 'short_answer' then jsonb_build_object('text', case when random() < 0.5 then ' mont  BLANC' else 'K2' end)
          else jsonb_build_object('value', case when random() < 0.5 then 3.141 else 2.7 end)
        end) from public.quiz_questions q where q.id = any(quiz.question_ids)),
       (select sum(q.points) from public.quiz_questions q where q.id = any(quiz.question_ids))
     from learners l cross join quiz
     returning id, user_id`,
    [from, count, submitQuiz],
  )
  return rows.map((r) => `${r.user_id} ${r.id}`)
}

/** Submits the attempts ("user_id attempt_id") with `connections` workers; answers each submit's milliseconds. */
export async function submitAll(
  url: string,
  attempts: string[],
  connections: number,
): Promise<{ times: number[]; seconds: number }> {
  const pool = new pg.Pool({ connectionString: url, max: connections })
  const times: number[] = []
  let next = 0
  const started = performance.now()
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const client = await pool.connect()
        try {
          for (let i = next++; i < attempts.length; i = next++) {
            const [userId, attemptId] = attempts[i]!.split(' ') as [string, string]
            const t0 = performance.now()
            await asUser(client, userId, () => client.query('select public.save_quiz_attempt($1)', [attemptId]))
            times.push(performance.now() - t0)
          }
        } finally {
          client.release()
        }
      }),
    )
  } finally {
    await pool.end()
  }
  return { times, seconds: (performance.now() - started) / 1000 }
}
