// The stats benchmark's data, written directly as the superuser into a throw-away database that has the migrations:
// (1) one learner in Europe/Berlin with a daily_activity row for every one of the last `days` days (their dates in
// that zone, ending today), seconds and completed lessons varied so that some days do not count and streaks break;
// (2) a published course in its own school with `learners` active enrollments, the first `optedIn` of them on the
// leaderboard. Users go into auth.users as the volume seed puts them (profiles by the sign-up trigger).
import type pg from 'pg'

export const statsLearner = 'a5000000-0000-4000-8000-000000000001'
export const courseOwner = 'a5000000-0000-4000-8000-000000000002'
export const courseId = 'c5000000-0000-4000-8000-000000000001'
export const lessonId = 'e5000000-0000-4000-8000-000000000001'
const schoolId = 'b5000000-0000-4000-8000-000000000001'
const sectionId = 'd5000000-0000-4000-8000-000000000001'

/** The id of course learner `i` (0-based). */
export const courseLearner = (i: number) => `a5100000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`

/** Inserts users (id, email, display name) into auth.users with one password hashed once. */
async function insertUsers(sql: pg.ClientBase, users: { id: string; email: string; name: string }[]): Promise<void> {
  await sql.query(
    `with hash as materialized (select extensions.crypt('summit-bench', extensions.gen_salt('bf', 4)) as value)
     insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
       confirmation_token, recovery_token, email_change_token_new, email_change
     )
     select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email, h.value, now(),
       '{"provider": "email", "providers": ["email"]}', jsonb_build_object('display_name', u.name), now(), now(),
       '', '', '', ''
     from unnest($1::uuid[], $2::text[], $3::text[]) as u(id, email, name)
     cross join hash h`,
    [users.map((u) => u.id), users.map((u) => u.email), users.map((u) => u.name)],
  )
}

/** The stats learner and their `days` days of activity; returns the rows written. */
export async function seedStatsLearner(sql: pg.ClientBase, days: number): Promise<number> {
  await insertUsers(sql, [{ id: statsLearner, email: 'stats-bench@bench.summit.local', name: 'Stats Bench Learner' }])
  await sql.query(`update public.profiles set timezone = 'Europe/Berlin', weekly_goal_days = 4 where id = $1`, [
    statsLearner,
  ])
  await sql.query('begin')
  try {
    await sql.query('select setseed(0.15)')
    // The achievement triggers are off for the bulk rows (replica role): what is measured is the read.
    await sql.query('set local session_replication_role = replica')
    const { rowCount } = await sql.query(
      `insert into public.daily_activity (user_id, day, seconds, lessons_completed)
       select $1, (now() at time zone 'Europe/Berlin')::date - g.i,
         -- About one day in eight light (under 5 minutes, nothing completed): those days break streaks.
         case when g.light then floor(random() * 290)::int else 300 + floor(power(random(), 2) * 7200)::int end,
         case when g.light then 0 else floor(random() * 4)::int end
       from (select s.i, random() < 0.125 as light from generate_series(0, $2::int - 1) as s(i)) g`,
      [statsLearner, days],
    )
    await sql.query('commit')
    await sql.query('analyze public.daily_activity')
    return rowCount ?? 0
  } catch (error) {
    await sql.query('rollback').catch(() => undefined)
    throw error
  }
}

/** The course, its owner, `learners` enrolled learners (active), the first `optedIn` of them on the leaderboard. */
export async function seedCourse(sql: pg.ClientBase, learners: number, optedIn: number): Promise<void> {
  await insertUsers(sql, [
    { id: courseOwner, email: 'stats-bench-owner@bench.summit.local', name: 'Stats Bench Owner' },
    ...Array.from({ length: learners }, (_, i) => ({
      id: courseLearner(i),
      email: `stats-bench-${String(i + 1).padStart(4, '0')}@bench.summit.local`,
      name: `Bench Learner ${i + 1}`,
    })),
  ])
  await sql.query(
    `insert into public.schools (id, slug, name) values ($1, 'stats-bench-academy', 'Stats Bench Academy')`,
    [schoolId],
  )
  await sql.query(`insert into public.school_members (school_id, user_id, role) values ($1, $2, 'owner')`, [
    schoolId,
    courseOwner,
  ])
  await sql.query(
    `insert into public.courses (id, school_id, slug, title, subtitle, status, visibility, enrollment_mode, published_at)
     values ($1, $2, 'leaderboard-bench', 'Leaderboard Bench', 'A course with a live leaderboard', 'draft', 'public',
       'open', now())`,
    [courseId, schoolId],
  )
  await sql.query(
    `insert into public.course_sections (id, course_id, position, title) values ($1, $2, 1, 'Section 1')`,
    [sectionId, courseId],
  )
  await sql.query(
    `insert into public.lessons (id, course_id, section_id, position, title, kind, duration_s, completion_rule)
     values ($1, $2, $3, 1, 'Lesson 1', 'video', 3600, 'video')`,
    [lessonId, courseId, sectionId],
  )
  await sql.query(`update public.courses set status = 'published' where id = $1`, [courseId])
  await sql.query(
    `insert into public.enrollments (course_id, user_id, source, status)
     select $1, u.id, 'open', 'active' from unnest($2::uuid[]) as u(id)`,
    [courseId, Array.from({ length: learners }, (_, i) => courseLearner(i))],
  )
  await sql.query('update public.profiles set leaderboard_opt_in = true where id = any($1::uuid[])', [
    Array.from({ length: optedIn }, (_, i) => courseLearner(i)),
  ])
}
