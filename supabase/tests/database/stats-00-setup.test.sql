-- ============================================================================================================
-- Test helpers for study stats and achievements (learner_stats, streaks, the weekly goal, trophies), created once per
-- test run like 000-setup: a learner's daily activity written directly (as the progress trigger would), the stats a
-- learner sees now or as of a pinned instant (so "today" and the week are known in advance), a short course to
-- finish, ticks as the learner makes them and completions at a chosen moment, and a learner's trophies.
-- ============================================================================================================
begin;
select plan(1);

-- Sets a learner's activity for one day of their own calendar (replacing what was there).
create or replace function tests.set_activity(identifier text, activity_day date, seconds integer, lessons integer default 0)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.daily_activity as d (user_id, day, seconds, lessons_completed)
  values (tests.get_user_id(identifier), activity_day, seconds, lessons)
  on conflict (user_id, day) do update set seconds = excluded.seconds, lessons_completed = excluded.lessons_completed;
$$;

-- A learner's time zone, set as the account page sets it.
create or replace function tests.set_timezone(identifier text, zone text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.profiles set timezone = zone where id = tests.get_user_id(identifier);
$$;

-- What learner_stats() answers the learner (as_of null) or would answer them at as_of; back to the superuser after.
-- Invoker: the role can only be switched outside definer functions.
create or replace function tests.stats_as(identifier text, as_of timestamptz default null)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform tests.authenticate_as(identifier);
  if as_of is null then
    answer := public.learner_stats();
  else
    answer := private.learner_stats_at(as_of);
  end if;
  perform tests.clear_authentication();
  return answer;
end;
$$;

-- The dates of a series of the answer ('minutes_per_day', 'heatmap', ... by 'day'; weekly ones by 'week_start').
create or replace function tests.series_dates(answer jsonb, series text)
returns date[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(coalesce(e ->> 'day', e ->> 'week_start')::date order by o), '{}')
  from jsonb_array_elements(answer -> series) with ordinality as s(e, o);
$$;

-- True when the dates are strictly increasing by exactly step days (no gap, no repeat).
create or replace function tests.is_evenly_spaced(dates date[], step integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(dates[i + 1] - dates[i] = step), true)
  from generate_series(1, cardinality(dates) - 1) as i;
$$;

-- The streak part of an answer, to compare in one assertion.
create or replace function tests.streak_of(answer jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'current', answer -> 'current_streak', 'longest', answer -> 'longest_streak',
    'at_risk', answer -> 'streak_at_risk', 'today_counts', answer -> 'today_counts'
  );
$$;

-- One day of a series of the answer (by its 'day' or 'week_start').
create or replace function tests.series_entry(answer jsonb, series text, on_date date)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select e from jsonb_array_elements(answer -> series) as s(e)
  where coalesce(e ->> 'day', e ->> 'week_start')::date = on_date;
$$;

-- On top of tests.create_course_fixture(): alpine-short (school A, published, free order) with the text lessons
-- 'Short one' and 'Short two'; 'enrolled' is an active learner of it.
create or replace function tests.create_short_course()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  short uuid;
  section uuid;
begin
  insert into public.courses (school_id, slug, title, status, published_at)
  values (tests.school_id('alpine-academy'), 'alpine-short', 'Alpine Short', 'published', now())
  returning id into short;
  insert into public.course_sections (course_id, position, title) values (short, 1, 'Short section')
  returning id into section;
  insert into public.lessons (course_id, section_id, position, title, kind, duration_s, is_preview, completion_rule)
  values (short, section, 1, 'Short one', 'text', 120, false, 'manual'),
         (short, section, 2, 'Short two', 'text', 120, false, 'manual');
  insert into public.lesson_contents (lesson_id, course_id, body_md)
  select id, course_id, 'Content of ' || title from public.lessons where course_id = short;
  insert into public.enrollments (course_id, user_id, source) values (short, tests.get_user_id('enrolled'), 'open');
end;
$$;

-- Ticks (or unticks) a lesson as the learner does, through save_progress; back to the superuser afterwards.
-- Invoker: the role can only be switched outside definer functions.
create or replace function tests.tick_as(identifier text, lesson_title text, done boolean default true)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform tests.authenticate_as(identifier);
  perform public.save_progress(tests.lesson_id(lesson_title), 0, 0, done);
  perform tests.clear_authentication();
end;
$$;

-- A lesson completed at a chosen moment (by the learner unless told otherwise), written as the service would.
create or replace function tests.complete_at(
  identifier text, lesson_title text, at timestamptz, by public.completed_by default 'manual'
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.lesson_progress (user_id, lesson_id, course_id, status, completed_at, completed_by, updated_at)
  select tests.get_user_id(identifier), l.id, l.course_id, 'completed', at, by, at
  from public.lessons l where l.title = lesson_title;
$$;

-- Puts the learner in a zone where it is now midday (Etc/GMT-N is UTC+N), so that ticks made now earn no
-- night-owl or early-bird trophy whatever the time the tests run.
create or replace function tests.set_midday_zone(identifier text)
returns void
language sql
security definer
set search_path = ''
as $$
  select tests.set_timezone(identifier, 'Etc/GMT' || case when h >= 12 then '+' else '' end || (h - 12))
  from (select extract(hour from now() at time zone 'UTC')::integer as h) as utc;
$$;

-- A learner's trophies (codes in catalogue order), whatever the caller may read.
create or replace function tests.achievements_of(identifier text)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(a.code order by c.position), '{}')
  from public.user_achievements a
  join public.achievements c on c.code = a.code
  where a.user_id = tests.get_user_id(identifier);
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select pass('study stats test helpers created');
select * from finish();
commit;
