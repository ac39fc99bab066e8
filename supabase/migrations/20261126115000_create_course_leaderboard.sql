-- ============================================================================================================
-- The opt-in course leaderboard and the course's live channel (PRODUCT.md §2 /achievements, §6 Leaderboard, §7
-- Realtime):
--   * course_week_activity: seconds each learner studied in each course per ISO week (Monday start, in the
--     learner's time zone at the moment of the write), credited by the database from progress writes as
--     daily_activity is (the same capped watched-seconds delta), so no client writes it. Nobody reads it directly.
--   * course_leaderboard(course_id): this week's minutes of the course's learners who opted in
--     (profiles.leaderboard_opt_in, off by default), for the course's learners and school members only, exposing
--     nothing but a rank, the display name, the minutes and whether the row is the caller's own — no ids, no
--     emails, not even to instructors. Learners who did not opt in never appear.
--   * The private Realtime channel course-live:<course_id>: the course's learners and school members join it (a
--     policy on realtime.messages); the database broadcasts "leaderboard" there when an opted-in learner's weekly
--     total moves (the message carries only the course id: the numbers are read through course_leaderboard), and
--     the same people may track presence there ("5 learning now" on the course page).
-- ============================================================================================================

create table private.course_week_activity (
  course_id uuid not null references public.courses (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  week_start date not null,
  seconds integer not null default 0,
  primary key (course_id, week_start, user_id),
  constraint course_week_activity_week_start_monday check (extract(isodow from week_start) = 1),
  constraint course_week_activity_seconds_range check (seconds between 0 and 604800)
);

comment on table private.course_week_activity is
  'Seconds studied per learner, course and ISO week (learner''s zone); written by the progress trigger, read by course_leaderboard.';

create index course_week_activity_user_idx on private.course_week_activity (user_id);

alter table private.course_week_activity enable row level security;
revoke all on private.course_week_activity from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- The live channel
-- ------------------------------------------------------------------------------------------------------------

create function private.course_live_topic(course uuid)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'course-live:' || course::text;
$$;

comment on function private.course_live_topic(uuid) is
  'The private Realtime channel of a course: leaderboard updates and presence ("learning now").';

create function private.credit_course_week()
returns trigger
language plpgsql
-- Definer: learners may not write course_week_activity or realtime.messages; this trigger does it for them, from
-- the progress row the policies (and save_progress's caps) have just accepted.
security definer
set search_path = ''
as $$
declare
  learner record;
  added integer := greatest(new.watched_s - coalesce(old.watched_s, 0), 0);
begin
  if added = 0 then
    return null;
  end if;
  select p.timezone, p.leaderboard_opt_in into learner from public.profiles p where p.id = new.user_id;
  insert into private.course_week_activity as w (course_id, user_id, week_start, seconds)
  values (
    new.course_id,
    new.user_id,
    date_trunc('week', new.updated_at at time zone coalesce(learner.timezone, 'UTC'))::date,
    least(added, 604800)
  )
  on conflict (course_id, week_start, user_id) do update
    set seconds = least(w.seconds + excluded.seconds, 604800);
  if learner.leaderboard_opt_in then
    perform realtime.send(
      jsonb_build_object('course_id', new.course_id), 'leaderboard', private.course_live_topic(new.course_id), true
    );
  end if;
  return null;
end;
$$;

comment on function private.credit_course_week() is
  'Trigger: credits new watched seconds to the course''s week (learner''s zone) and, for an opted-in learner, broadcasts "leaderboard" on the course''s live channel.';

create trigger lesson_progress_credit_course_week
  after insert or update of watched_s on public.lesson_progress
  for each row execute function private.credit_course_week();

create function private.announce_leaderboard_opt_in()
returns trigger
language plpgsql
-- Definer: as private.credit_course_week (realtime.messages).
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('course_id', e.course_id), 'leaderboard', private.course_live_topic(e.course_id), true
  )
  from public.enrollments e
  where e.user_id = new.id and e.status in ('active', 'completed');
  return null;
end;
$$;

comment on function private.announce_leaderboard_opt_in() is
  'Trigger: a learner joining or leaving the leaderboards (or renamed while on them) updates the boards of their courses.';

create trigger profiles_announce_leaderboard_opt_in
  after update of leaderboard_opt_in, display_name on public.profiles
  for each row
  when (
    old.leaderboard_opt_in is distinct from new.leaderboard_opt_in
    or (new.leaderboard_opt_in and old.display_name is distinct from new.display_name)
  )
  execute function private.announce_leaderboard_opt_in();

-- ------------------------------------------------------------------------------------------------------------
-- The board
-- ------------------------------------------------------------------------------------------------------------

create function public.course_leaderboard(course_id uuid)
returns table (rank integer, display_name text, minutes integer, is_me boolean)
language plpgsql
stable
-- Definer: reads other learners' weekly totals and names, which no policy shows a learner; it answers only the
-- course's learners and school members, and only the four columns of opted-in learners.
security definer
set search_path = ''
as $$
declare
  target uuid := course_leaderboard.course_id;
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see the leaderboard.', 401);
  end if;
  if not private.can_discuss_course(target) then
    perform private.raise_api_error('forbidden', 'Only the course''s learners and staff see its leaderboard.', 403);
  end if;
  return query
    select
      (rank() over (order by coalesce(w.seconds, 0) desc))::integer,
      p.display_name,
      (coalesce(w.seconds, 0) / 60)::integer,
      p.id = (select auth.uid())
    from public.enrollments e
    join public.profiles p on p.id = e.user_id
    left join private.course_week_activity w
      on w.course_id = e.course_id
      and w.user_id = e.user_id
      and w.week_start = date_trunc('week', now() at time zone coalesce(p.timezone, 'UTC'))::date
    where e.course_id = target
      and e.status in ('active', 'completed')
      and p.leaderboard_opt_in
    order by 1, 2
    limit 50;
end;
$$;

comment on function public.course_leaderboard(uuid) is
  'This week''s minutes (ISO week, each learner''s zone) of the course''s opted-in learners, top 50: rank, display name, minutes, is_me. For the course''s learners and school members. Errors: not_signed_in 401, forbidden 403.';

revoke execute on function public.course_leaderboard(uuid) from public, anon;
grant execute on function public.course_leaderboard(uuid) to authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Who may listen and be present
-- ------------------------------------------------------------------------------------------------------------

create policy messages_select_course_live on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension in ('broadcast', 'presence')
    and split_part((select realtime.topic()), ':', 1) = 'course-live'
    and private.can_discuss_course(private.uuid_or_null(split_part((select realtime.topic()), ':', 2)))
  );

comment on policy messages_select_course_live on realtime.messages is
  'The course''s learners and school members join its live channel (course-live:<course_id>): leaderboard broadcasts and presence.';

create policy messages_insert_course_live_presence on realtime.messages
  for insert to authenticated
  with check (
    realtime.messages.extension = 'presence'
    and split_part((select realtime.topic()), ':', 1) = 'course-live'
    and private.can_discuss_course(private.uuid_or_null(split_part((select realtime.topic()), ':', 2)))
  );

comment on policy messages_insert_course_live_presence on realtime.messages is
  'The course''s learners and school members may be present on its live channel; nobody broadcasts there but the database.';
