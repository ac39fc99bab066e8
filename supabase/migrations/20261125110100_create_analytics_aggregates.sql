-- ============================================================================================================
-- Instructor analytics read aggregates the database keeps current in the same transaction as each progress
-- write, because the live alternative reads every progress row of the course (2 million for a 20,000-learner
-- course: seconds, not milliseconds; see `npm run bench -- analytics`). Two small tables, written by a trigger on
-- lesson_progress only when a number they hold changes:
--   * private.course_learner_stats: per learner and course, lessons started and completed (the funnel's
--     25/50/75 % steps). One row per learner, so concurrent learners never wait on each other's rows;
--   * private.lesson_time_histogram: per lesson and cohort, how many learners completed it with how much time
--     (10-second buckets up to an hour, 5-minute buckets after): the per-lesson median without reading the rows.
-- Position-only saves (most saves while a video plays) change neither and write nothing here.
-- Moving a learner between cohorts moves their histogram counts (trigger on enrollments).
-- ============================================================================================================

create table private.course_learner_stats (
  course_id uuid not null references public.courses (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  lessons_started integer not null default 0 check (lessons_started >= 0),
  lessons_completed integer not null default 0 check (lessons_completed >= 0),
  primary key (course_id, user_id)
);

comment on table private.course_learner_stats is
  'Per learner and course: lessons with progress and lessons completed, kept by private.track_progress_analytics.';

create index course_learner_stats_user_id_idx on private.course_learner_stats (user_id);

create table private.lesson_time_histogram (
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete cascade,
  -- The learner's cohort, or the nil uuid for learners without one (a primary key cannot hold null).
  cohort_key uuid not null,
  bucket smallint not null check (bucket >= 0),
  learners integer not null default 0 check (learners >= 0),
  primary key (course_id, lesson_id, cohort_key, bucket)
);

comment on table private.lesson_time_histogram is
  'Per lesson and cohort: learners who completed the lesson, by seconds studied (private.time_bucket); source of the median time per lesson.';

create index lesson_time_histogram_lesson_id_idx on private.lesson_time_histogram (lesson_id);

-- Not reachable through the Data API (private schema); only the definer functions below and the analytics calls
-- read or write them.
alter table private.course_learner_stats enable row level security;
alter table private.lesson_time_histogram enable row level security;
revoke all on private.course_learner_stats, private.lesson_time_histogram from public, anon, authenticated;

create function private.time_bucket(seconds integer)
returns smallint
language sql
immutable
set search_path = ''
as $$
  select case
    when seconds < 3600 then seconds / 10
    else 360 + least(seconds - 3600, 86400) / 300
  end::smallint;
$$;

comment on function private.time_bucket(integer) is
  'Histogram bucket of a time in seconds: 10-second buckets below an hour, 5-minute buckets from there.';

create function private.time_bucket_middle(bucket smallint)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when bucket < 360 then bucket * 10 + 5 else 3600 + (bucket - 360) * 300 + 150 end;
$$;

comment on function private.time_bucket_middle(smallint) is 'The middle of a private.time_bucket bucket, in seconds.';

create function private.cohort_key(cohort uuid)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select coalesce(cohort, '00000000-0000-0000-0000-000000000000'::uuid);
$$;

comment on function private.cohort_key(uuid) is 'A cohort id, or the nil uuid for "no cohort" (histogram key).';

-- ------------------------------------------------------------------------------------------------------------
-- Kept current by the progress write itself
-- ------------------------------------------------------------------------------------------------------------

create function private.move_lesson_time(
  course uuid, lesson uuid, learner uuid, from_bucket smallint, to_bucket smallint
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  cohort uuid;
begin
  if from_bucket is not distinct from to_bucket then
    return;
  end if;
  select private.cohort_key(e.cohort_id) into cohort
  from public.enrollments e where e.course_id = course and e.user_id = learner;
  cohort := private.cohort_key(cohort);
  if from_bucket is not null then
    update private.lesson_time_histogram h set learners = h.learners - 1
    where h.course_id = course and h.lesson_id = lesson and h.cohort_key = cohort and h.bucket = from_bucket
      and h.learners > 0;
  end if;
  if to_bucket is not null then
    insert into private.lesson_time_histogram as h (course_id, lesson_id, cohort_key, bucket, learners)
    values (course, lesson, cohort, to_bucket, 1)
    on conflict (course_id, lesson_id, cohort_key, bucket) do update set learners = h.learners + 1;
  end if;
end;
$$;

comment on function private.move_lesson_time(uuid, uuid, uuid, smallint, smallint) is
  'Moves one learner''s completed lesson between time buckets of the histogram (null: not counted).';

create function private.track_progress_analytics()
returns trigger
language plpgsql
-- Definer: the progress write is made by save_progress (or the service role); the aggregates are private tables
-- no client role may write.
security definer
set search_path = ''
as $$
declare
  row_now public.lesson_progress := case when tg_op = 'DELETE' then null else new end;
  row_before public.lesson_progress := case when tg_op = 'INSERT' then null else old end;
  started_delta integer := (tg_op = 'INSERT')::integer - (tg_op = 'DELETE')::integer;
  done_before integer := coalesce((row_before.status = 'completed')::integer, 0);
  done_now integer := coalesce((row_now.status = 'completed')::integer, 0);
  learner uuid := coalesce(row_now.user_id, row_before.user_id);
  course uuid := coalesce(row_now.course_id, row_before.course_id);
begin
  if tg_op = 'DELETE' then
    -- Only ever decrements: a delete cascading from the course (or the learner) must not recreate their row.
    update private.course_learner_stats s
    set lessons_started = greatest(s.lessons_started - 1, 0),
        lessons_completed = greatest(s.lessons_completed - done_before, 0)
    where s.course_id = course and s.user_id = learner;
  elsif started_delta <> 0 or done_now <> done_before then
    insert into private.course_learner_stats as s (course_id, user_id, lessons_started, lessons_completed)
    values (course, learner, greatest(started_delta, 0), greatest(done_now - done_before, 0))
    on conflict (course_id, user_id) do update
      set lessons_started = greatest(s.lessons_started + started_delta, 0),
          lessons_completed = greatest(s.lessons_completed + done_now - done_before, 0);
  end if;

  perform private.move_lesson_time(
    course, coalesce(row_now.lesson_id, row_before.lesson_id), learner,
    case when done_before = 1 then private.time_bucket(row_before.watched_s) end,
    case when done_now = 1 then private.time_bucket(row_now.watched_s) end
  );
  return null;
end;
$$;

comment on function private.track_progress_analytics() is
  'Trigger: keeps course_learner_stats and lesson_time_histogram equal to what lesson_progress says, in the writing transaction.';

-- Named to run before lesson_progress_apply_write (triggers fire in name order): see 20261125110300.
create trigger lesson_progress_analytics
  after insert or delete or update of status, watched_s on public.lesson_progress
  for each row execute function private.track_progress_analytics();

create function private.move_cohort_analytics()
returns trigger
language plpgsql
-- Definer: instructors move learners between cohorts; the histogram is private.
security definer
set search_path = ''
as $$
begin
  with moved as (
    select p.lesson_id, private.time_bucket(p.watched_s) as bucket, count(*)::integer as n
    from public.lesson_progress p
    where p.user_id = new.user_id and p.course_id = new.course_id and p.status = 'completed'
    group by 1, 2
  ), taken as (
    update private.lesson_time_histogram h set learners = greatest(h.learners - m.n, 0)
    from moved m
    where h.course_id = new.course_id and h.lesson_id = m.lesson_id
      and h.cohort_key = private.cohort_key(old.cohort_id) and h.bucket = m.bucket
  )
  insert into private.lesson_time_histogram as h (course_id, lesson_id, cohort_key, bucket, learners)
  select new.course_id, m.lesson_id, private.cohort_key(new.cohort_id), m.bucket, m.n from moved m
  on conflict (course_id, lesson_id, cohort_key, bucket) do update set learners = h.learners + excluded.learners;
  return null;
end;
$$;

comment on function private.move_cohort_analytics() is
  'Trigger: a learner moved to another cohort takes their completed lessons'' times to that cohort''s histogram.';

create trigger enrollments_move_cohort_analytics
  after update of cohort_id on public.enrollments
  for each row when (old.cohort_id is distinct from new.cohort_id)
  execute function private.move_cohort_analytics();

-- ------------------------------------------------------------------------------------------------------------
-- Rebuilding from the rows (this migration's backfill; bulk loads that bypass the triggers)
-- ------------------------------------------------------------------------------------------------------------

create function private.rebuild_course_analytics(target_course uuid)
returns void
language sql
set search_path = ''
as $$
  delete from private.course_learner_stats where course_id = target_course;
  delete from private.lesson_time_histogram where course_id = target_course;
  insert into private.course_learner_stats (course_id, user_id, lessons_started, lessons_completed)
  select p.course_id, p.user_id, count(*), count(*) filter (where p.status = 'completed')
  from public.lesson_progress p
  where p.course_id = target_course
  group by 1, 2;
  insert into private.lesson_time_histogram (course_id, lesson_id, cohort_key, bucket, learners)
  select p.course_id, p.lesson_id, private.cohort_key(e.cohort_id), private.time_bucket(p.watched_s), count(*)
  from public.lesson_progress p
  left join public.enrollments e on e.course_id = p.course_id and e.user_id = p.user_id
  where p.course_id = target_course and p.status = 'completed'
  group by 1, 2, 3, 4;
$$;

comment on function private.rebuild_course_analytics(uuid) is
  'Recomputes a course''s analytics aggregates from lesson_progress (after a bulk load that bypassed the triggers).';

revoke execute on function private.rebuild_course_analytics(uuid) from public, anon, authenticated;

select private.rebuild_course_analytics(c.id) from public.courses c;
