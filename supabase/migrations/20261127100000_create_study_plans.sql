-- ============================================================================================================
-- Study plans and the calendar (PRODUCT.md §2 /calendar, §3 study_plans, §6): a learner plans a course on days of
-- the week at a local time for a number of minutes, optionally by a target date. Saving the plan lays out the study
-- sessions that cover the course's remaining lesson time, from now on, in the learner's time zone (a session keeps
-- its wall-clock time across daylight-saving changes). Past sessions are history: saving or "I fell behind: replan"
-- only replaces sessions still ahead. calendar_items() reads the learner's sessions with the events of their
-- courses for the month, week and agenda views and the home page.
-- ============================================================================================================

create function private.is_day_set(days smallint[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select days is not null
    and cardinality(days) between 1 and 7
    and days <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]
    and cardinality(days) = (select count(distinct d) from unnest(days) as d);
$$;

comment on function private.is_day_set(smallint[]) is
  'True for 1 to 7 distinct ISO days of the week (1 Monday … 7 Sunday).';

grant execute on function private.is_day_set(smallint[]) to authenticated, service_role;


create table public.study_plans (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete cascade,
  days_of_week smallint[] not null,
  start_time time not null,
  minutes integer not null,
  target_end_date date,
  time_zone text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, course_id),
  constraint study_plans_days_of_week_valid check (private.is_day_set(days_of_week)),
  constraint study_plans_minutes_range check (minutes between 5 and 480),
  constraint study_plans_time_zone_valid check (private.is_valid_timezone(time_zone))
);

comment on table public.study_plans is
  'A learner''s plan for a course: study on these days at this local time for this long, optionally by a date.';
comment on column public.study_plans.days_of_week is 'ISO days of the week, 1 Monday … 7 Sunday, distinct.';
comment on column public.study_plans.start_time is 'Local wall-clock time the sessions start, in time_zone.';
comment on column public.study_plans.time_zone is 'The learner''s IANA zone when the plan was saved; sessions keep to it.';

create index study_plans_course_id_idx on public.study_plans (course_id);

create trigger study_plans_set_updated_at
  before update on public.study_plans
  for each row execute function private.set_updated_at();


create table public.study_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  course_id uuid not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint study_sessions_plan_fkey foreign key (user_id, course_id)
    references public.study_plans (user_id, course_id) on delete cascade,
  constraint study_sessions_ends_after_start check (ends_at > starts_at)
);

comment on table public.study_sessions is
  'The sessions a study plan lays out. Past ones stay as they were; saving or replanning replaces those ahead.';

create index study_sessions_user_id_starts_at_idx on public.study_sessions (user_id, starts_at);
create index study_sessions_user_id_course_id_starts_at_idx on public.study_sessions (user_id, course_id, starts_at);


-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security: the owner only (PRODUCT.md §6). Plans are written by save_study_plan (which
-- checks the enrollment and lays out the sessions); a learner may delete a plan, and its sessions go with it.
-- ------------------------------------------------------------------------------------------------------------

alter table public.study_plans enable row level security;
alter table public.study_sessions enable row level security;

revoke all on public.study_plans, public.study_sessions from anon, authenticated;
grant select, delete on public.study_plans to authenticated;
grant insert (course_id, days_of_week, start_time, minutes, target_end_date, time_zone) on public.study_plans
  to authenticated;
grant update (days_of_week, start_time, minutes, target_end_date, time_zone) on public.study_plans to authenticated;
grant select, delete on public.study_sessions to authenticated;
grant insert (course_id, starts_at, ends_at) on public.study_sessions to authenticated;

create policy study_plans_select_own on public.study_plans
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy study_plans_select_own on public.study_plans is 'A learner reads their own plans.';

create policy study_plans_insert_own_enrolled on public.study_plans
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.is_enrolled(course_id));
comment on policy study_plans_insert_own_enrolled on public.study_plans is
  'A learner plans only courses they are enrolled in, for themselves.';

create policy study_plans_update_own on public.study_plans
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and private.is_enrolled(course_id));
comment on policy study_plans_update_own on public.study_plans is 'A learner changes their own plans.';

create policy study_plans_delete_own on public.study_plans
  for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy study_plans_delete_own on public.study_plans is 'A learner drops their own plans.';

create policy study_sessions_select_own on public.study_sessions
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy study_sessions_select_own on public.study_sessions is 'A learner reads their own study sessions.';

create policy study_sessions_insert_own on public.study_sessions
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy study_sessions_insert_own on public.study_sessions is
  'Sessions are laid out for the learner''s own plans (the foreign key needs the plan).';

create policy study_sessions_delete_own on public.study_sessions
  for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy study_sessions_delete_own on public.study_sessions is 'A learner''s replanning replaces their own sessions.';


-- The calls below are invokers and answer bad input with validation_failed (422) and its fields map.
grant execute on function private.raise_unless_valid(jsonb) to authenticated;


-- ------------------------------------------------------------------------------------------------------------
-- Laying out sessions
-- ------------------------------------------------------------------------------------------------------------

create function private.remaining_course_minutes(target_course uuid, learner uuid)
returns integer
language sql
stable
-- Invoker: it reads the outline and the caller's own progress under their policies.
set search_path = ''
as $$
  select coalesce(ceil(sum(l.duration_s) / 60.0), 0)::integer
  from public.lessons l
  where l.course_id = target_course
    and not exists (
      select 1 from public.lesson_progress p
      where p.user_id = learner and p.lesson_id = l.id and p.status = 'completed'
    );
$$;

comment on function private.remaining_course_minutes(uuid, uuid) is
  'Minutes of the course''s lessons the learner has not completed (lesson durations, rounded up).';

grant execute on function private.remaining_course_minutes(uuid, uuid) to authenticated, service_role;


create function private.lay_out_sessions(
  days smallint[],
  start_time time,
  minutes integer,
  zone text,
  after timestamptz,
  needed_minutes integer
)
returns table (starts_at timestamptz, ends_at timestamptz)
language sql
stable
set search_path = ''
as $$
  -- One session per planned day at the local start time, from the first one after `after`, until the sessions
  -- cover the needed minutes (at most 1,000 sessions). A local date plus time "at time zone" keeps the wall-clock
  -- time on both sides of a daylight-saving change.
  with wanted as (
    select least(ceil(greatest(needed_minutes, 0)::numeric / minutes), 1000)::integer as n
  ),
  candidates as (
    select ((first_day + offs)::timestamp + start_time) at time zone zone as starts_at
    from wanted,
      lateral (select (after at time zone zone)::date as first_day) as f,
      lateral generate_series(0, (wanted.n / cardinality(days) + 2) * 7) as offs
    where extract(isodow from first_day + offs)::smallint = any (days)
  )
  select c.starts_at, c.starts_at + make_interval(mins => minutes)
  from candidates c
  where c.starts_at > after
  order by c.starts_at
  limit (select n from wanted);
$$;

comment on function private.lay_out_sessions(smallint[], time, integer, text, timestamptz, integer) is
  'The study sessions after a moment that cover the needed minutes: planned days at the local start time in zone.';

grant execute on function private.lay_out_sessions(smallint[], time, integer, text, timestamptz, integer)
  to authenticated, service_role;


create function private.study_plan_state(target_course uuid)
returns jsonb
language sql
stable
-- Invoker: the caller's own plan, sessions and progress under their policies.
set search_path = ''
as $$
  select jsonb_build_object(
    'course_id', p.course_id,
    'days_of_week', to_jsonb(p.days_of_week),
    'start_time', to_char(p.start_time, 'HH24:MI'),
    'minutes', p.minutes,
    'target_end_date', p.target_end_date,
    'time_zone', p.time_zone,
    'remaining_minutes', r.remaining,
    'planned_minutes', a.planned,
    'sessions_ahead', a.sessions,
    'next_session_at', a.next_at,
    'projected_end_date', (a.last_at at time zone p.time_zone)::date,
    'behind', a.planned < r.remaining,
    'reachable', p.target_end_date is null
      or (a.planned >= r.remaining and coalesce((a.last_at at time zone p.time_zone)::date, current_date) <= p.target_end_date),
    'updated_at', p.updated_at
  )
  from public.study_plans p
  cross join lateral (select private.remaining_course_minutes(p.course_id, p.user_id) as remaining) r
  cross join lateral (
    select coalesce(sum(extract(epoch from s.ends_at - s.starts_at) / 60), 0)::integer as planned,
      count(*)::integer as sessions, min(s.starts_at) as next_at, max(s.starts_at) as last_at
    from public.study_sessions s
    where s.user_id = p.user_id and s.course_id = p.course_id and s.starts_at > now()
  ) a
  where p.user_id = (select auth.uid()) and p.course_id = target_course;
$$;

comment on function private.study_plan_state(uuid) is
  'The caller''s plan for a course with what is left: remaining lesson minutes, planned minutes ahead, projected end, behind, reachable.';

grant execute on function private.study_plan_state(uuid) to authenticated;


create function public.save_study_plan(
  course_id uuid,
  days_of_week smallint[],
  start_time time,
  minutes integer,
  target_end_date date default null
)
returns jsonb
language plpgsql
volatile
-- Invoker: the plan and its sessions are written under the caller's policies (own rows, enrolled course).
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  viewer uuid := (select auth.uid());
  zone text;
  fields jsonb := '{}';
begin
  if viewer is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to plan your study time.', 401);
  end if;

  select p.timezone into zone from public.profiles p where p.id = viewer;
  zone := coalesce(zone, 'UTC');

  if not private.is_day_set(save_study_plan.days_of_week) then
    fields := fields || jsonb_build_object('days_of_week', 'Pick at least one day of the week.');
  end if;
  if save_study_plan.start_time is null then
    fields := fields || jsonb_build_object('start_time', 'Pick a time to start.');
  end if;
  if save_study_plan.minutes is null or save_study_plan.minutes not between 5 and 480 then
    fields := fields || jsonb_build_object('minutes', 'A session is 5 to 480 minutes long.');
  end if;
  if save_study_plan.target_end_date is not null
    and save_study_plan.target_end_date < (now() at time zone zone)::date then
    fields := fields || jsonb_build_object('target_end_date', 'Pick a target date from today on.');
  end if;
  perform private.raise_unless_valid(fields);

  if save_study_plan.course_id is null
    or not exists (select 1 from public.courses c where c.id = save_study_plan.course_id) then
    perform private.raise_api_error('course_not_found', 'This course does not exist or is not open to you.', 404);
  end if;
  if not private.is_enrolled(save_study_plan.course_id) then
    perform private.raise_api_error('forbidden', 'Enroll in this course to plan your study time for it.', 403);
  end if;

  insert into public.study_plans as p (course_id, days_of_week, start_time, minutes, target_end_date, time_zone)
  values (
    save_study_plan.course_id,
    (select array_agg(distinct d order by d) from unnest(save_study_plan.days_of_week) as d),
    date_trunc('minute', save_study_plan.start_time::interval)::time,
    save_study_plan.minutes,
    save_study_plan.target_end_date,
    zone
  )
  on conflict (user_id, course_id) do update
    set days_of_week = excluded.days_of_week,
      start_time = excluded.start_time,
      minutes = excluded.minutes,
      target_end_date = excluded.target_end_date,
      time_zone = excluded.time_zone;

  perform private.lay_out_study_sessions(save_study_plan.course_id);
  return private.study_plan_state(save_study_plan.course_id);
end;
$$;


create function private.lay_out_study_sessions(target_course uuid)
returns void
language plpgsql
volatile
-- Invoker: replaces the caller's own sessions ahead under their policies.
set search_path = ''
as $$
declare
  viewer uuid := (select auth.uid());
  plan public.study_plans;
begin
  select * into plan from public.study_plans p where p.user_id = viewer and p.course_id = target_course for update;
  if not found then
    return;
  end if;
  delete from public.study_sessions s
  where s.user_id = viewer and s.course_id = target_course and s.starts_at > now();
  insert into public.study_sessions (course_id, starts_at, ends_at)
  select target_course, l.starts_at, l.ends_at
  from private.lay_out_sessions(
    plan.days_of_week, plan.start_time, plan.minutes, plan.time_zone, now(),
    private.remaining_course_minutes(target_course, viewer)
  ) l;
end;
$$;

comment on function private.lay_out_study_sessions(uuid) is
  'Replaces the caller''s sessions ahead for a course with ones covering what is left of it; past sessions stay.';

grant execute on function private.lay_out_study_sessions(uuid) to authenticated;

comment on function public.save_study_plan(uuid, smallint[], time, integer, date) is
  'Saves the caller''s study plan for an enrolled course (days of the week 1–7, local start time, 5–480 minutes, optional target date from today on) in their time zone, lays out the sessions ahead that cover the remaining lessons, and answers the plan''s state. Errors: not_signed_in 401, validation_failed 422, course_not_found 404, forbidden 403 (not enrolled).';

revoke execute on function public.save_study_plan(uuid, smallint[], time, integer, date) from public, anon;
grant execute on function public.save_study_plan(uuid, smallint[], time, integer, date) to authenticated;


create function public.replan_study_plan(course_id uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to plan your study time.', 401);
  end if;
  if not exists (
    select 1 from public.study_plans p where p.user_id = (select auth.uid()) and p.course_id = replan_study_plan.course_id
  ) then
    perform private.raise_api_error('course_not_found', 'There is no study plan for this course.', 404);
  end if;
  perform private.lay_out_study_sessions(replan_study_plan.course_id);
  return private.study_plan_state(replan_study_plan.course_id);
end;
$$;

comment on function public.replan_study_plan(uuid) is
  '"I fell behind": lays out the caller''s sessions for the course afresh from now to cover what is left, leaving past sessions as they were, and answers the plan''s state. Errors: not_signed_in 401, course_not_found 404 (no plan).';

revoke execute on function public.replan_study_plan(uuid) from public, anon;
grant execute on function public.replan_study_plan(uuid) to authenticated;


create function public.my_study_plans()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      private.study_plan_state(p.course_id)
        || jsonb_build_object('course_title', c.title, 'course_slug', c.slug)
      order by c.title
    ),
    '[]'::jsonb
  )
  from public.study_plans p
  join public.courses c on c.id = p.course_id
  where p.user_id = (select auth.uid());
$$;

comment on function public.my_study_plans() is
  'The caller''s study plans with their state (remaining and planned minutes, next session, projected end, behind, reachable) and course title and slug.';

revoke execute on function public.my_study_plans() from public, anon;
grant execute on function public.my_study_plans() to authenticated;


-- ------------------------------------------------------------------------------------------------------------
-- The calendar: the caller's study sessions and the events they may read, in one list
-- ------------------------------------------------------------------------------------------------------------

create function public.calendar_items(from_at timestamptz, to_at timestamptz, max_items integer default 500)
returns table (
  id uuid,
  kind text,
  title text,
  course_id uuid,
  course_slug text,
  course_title text,
  starts_at timestamptz,
  ends_at timestamptz,
  join_url text
)
language plpgsql
stable
-- Invoker: sessions and events come under the caller's policies (own sessions; events of enrolled courses, their
-- cohort's, and those of their school's courses).
security invoker
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see your calendar.', 401);
  end if;
  if from_at is null or to_at is null or to_at <= from_at or to_at - from_at > interval '400 days' then
    perform private.raise_unless_valid(jsonb_build_object('to_at', 'Ask for a range of up to 400 days that ends after it starts.'));
  end if;
  if max_items is null or max_items not between 1 and 1000 then
    perform private.raise_unless_valid(jsonb_build_object('max_items', 'Ask for 1 to 1,000 items.'));
  end if;
  return query
  select i.id, i.kind, i.title, i.course_id, c.slug, c.title, i.starts_at, i.ends_at, i.join_url
  from (
    select s.id, 'study'::text as kind, 'Study: ' || sc.title as title, s.course_id, s.starts_at, s.ends_at,
      null::text as join_url
    from public.study_sessions s
    join public.courses sc on sc.id = s.course_id
    where s.user_id = (select auth.uid()) and s.ends_at > from_at and s.starts_at < to_at
    union all
    select e.id, e.kind::text, e.title, e.course_id, e.starts_at, e.ends_at, e.join_url
    from public.events e
    where coalesce(e.ends_at, e.starts_at) >= from_at and e.starts_at < to_at
  ) i
  join public.courses c on c.id = i.course_id
  order by i.starts_at, i.kind, i.title
  limit max_items;
end;
$$;

comment on function public.calendar_items(timestamptz, timestamptz, integer) is
  'The caller''s study sessions (kind study) and the live sessions and deadlines they may read (kind live, deadline) overlapping a range of up to 400 days, by start; at most max_items (1–1,000). Errors: not_signed_in 401, validation_failed 422.';

revoke execute on function public.calendar_items(timestamptz, timestamptz, integer) from public, anon;
grant execute on function public.calendar_items(timestamptz, timestamptz, integer) to authenticated;
