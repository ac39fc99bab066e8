-- ============================================================================================================
-- Awarding achievements: triggers on the rows a progress write changes award the trophies it earns, in the same
-- transaction (no cron, no client call), once each (primary key (user_id, code), insert ... on conflict do nothing;
-- unticking a lesson never takes a trophy back):
--   * lesson_progress becomes completed: first_lesson; night_owl (22:00-04:59) or early_bird (05:00-07:59) by the
--     completion's local time in the learner's zone, for completions by the learner (not an instructor's override);
--   * an enrollment becomes completed: first_course;
--   * daily_activity changes: hours_10 (36,000 seconds in all), streak_7 and streak_30 (runs of counting days, the
--     rule of daily_activity.counts_for_streak), goal_4_weeks (4 consecutive ISO weeks each with at least the
--     learner's weekly goal of counting days; the goal as it is now, its history is not kept).
-- Learners who qualified before this migration are awarded at the end, dated when they qualified.
-- ============================================================================================================

create function private.award_achievement(learner uuid, achievement text, earned timestamptz, course uuid default null)
returns void
language sql
set search_path = ''
as $$
  insert into public.user_achievements (user_id, code, earned_at, course_id)
  values (learner, achievement, earned, course)
  on conflict (user_id, code) do nothing;
$$;

comment on function private.award_achievement(uuid, text, timestamptz, uuid) is
  'Awards a trophy unless the learner already has it.';

-- ------------------------------------------------------------------------------------------------------------
-- The daily-activity rules
-- ------------------------------------------------------------------------------------------------------------

create function private.award_activity_achievements(
  learner uuid,
  on_day date,
  through date,
  earned timestamptz,
  check_time boolean,
  check_days boolean
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  run_length integer;
  goal smallint;
  monday date;
begin
  -- Each rule reads a few rows around on_day by the primary key (user_id, day), and only while the trophy is
  -- missing. through (inclusive) limits the days considered, for awarding history in day order; null: all.
  if check_time and not exists (
    select 1 from public.user_achievements a where a.user_id = learner and a.code = 'hours_10'
  ) and (
    select coalesce(sum(d.seconds), 0) from public.daily_activity d
    where d.user_id = learner and (through is null or d.day <= through)
  ) >= 36000 then
    perform private.award_achievement(learner, 'hours_10', earned);
  end if;

  if not check_days then
    return;
  end if;

  -- The run of consecutive counting days through on_day; 29 days either side are enough to see 30 of them.
  if not exists (select 1 from public.user_achievements a where a.user_id = learner and a.code = 'streak_30') then
    with counting as (
      select d.day, d.day - (row_number() over (order by d.day))::integer as run
      from public.daily_activity d
      where d.user_id = learner and d.counts_for_streak
        and d.day between on_day - 29 and least(on_day + 29, coalesce(through, on_day + 29))
    )
    select count(*) into run_length
    from counting c
    where c.run = (select o.run from counting o where o.day = on_day);
    if run_length >= 7 then
      perform private.award_achievement(learner, 'streak_7', earned);
    end if;
    if run_length >= 30 then
      perform private.award_achievement(learner, 'streak_30', earned);
    end if;
  end if;

  -- The weeks met around on_day's (3 before, 3 after): 4 consecutive ones earn the trophy.
  if not exists (select 1 from public.user_achievements a where a.user_id = learner and a.code = 'goal_4_weeks') then
    select p.weekly_goal_days into goal from public.profiles p where p.id = learner;
    monday := on_day - (extract(isodow from on_day)::integer - 1);
    if exists (
      select 1
      from (
        select w.week - (row_number() over (order by w.week))::integer as run
        from (
          select (d.day - (monday - 21)) / 7 as week
          from public.daily_activity d
          where d.user_id = learner and d.counts_for_streak
            and d.day between monday - 21 and least(monday + 27, coalesce(through, monday + 27))
          group by 1
          having count(*) >= coalesce(goal, 3)
        ) w
      ) r
      group by r.run
      having count(*) >= 4
    ) then
      perform private.award_achievement(learner, 'goal_4_weeks', earned);
    end if;
  end if;
end;
$$;

comment on function private.award_activity_achievements(uuid, date, date, timestamptz, boolean, boolean) is
  'Awards hours_10 (check_time), streak_7, streak_30 and goal_4_weeks (check_days) for a change of the learner''s activity on on_day, considering days up to through (null: all).';

create function private.award_on_activity()
returns trigger
language plpgsql
-- Definer: daily_activity is written inside a learner's save_progress, and learners may not write awards.
security definer
set search_path = ''
as $$
begin
  perform private.award_activity_achievements(
    new.user_id, new.day, null, now(),
    new.seconds > coalesce(old.seconds, 0),
    new.counts_for_streak and (tg_op = 'INSERT' or not old.counts_for_streak)
  );
  return null;
end;
$$;

comment on function private.award_on_activity() is
  'Trigger: awards the time, streak and weekly-goal trophies a change of daily activity earns.';

create trigger daily_activity_award_achievements
  after insert or update of seconds, lessons_completed on public.daily_activity
  for each row when (new.seconds > 0 or new.counts_for_streak)
  execute function private.award_on_activity();

-- ------------------------------------------------------------------------------------------------------------
-- Lessons and courses completed
-- ------------------------------------------------------------------------------------------------------------

create function private.award_on_lesson_completion()
returns trigger
language plpgsql
-- Definer: progress is written by save_progress for the learner, who may not write awards or read every profile.
security definer
set search_path = ''
as $$
declare
  zone text;
  local_hour integer;
begin
  if tg_op = 'UPDATE' and old.status = 'completed' then
    return null;
  end if;
  perform private.award_achievement(new.user_id, 'first_lesson', now(), new.course_id);
  -- The hour of day only says something about the learner when they completed it themselves.
  if new.completed_by is distinct from 'instructor' then
    select p.timezone into zone from public.profiles p where p.id = new.user_id;
    local_hour := extract(hour from coalesce(new.completed_at, new.updated_at) at time zone coalesce(zone, 'UTC'));
    if local_hour >= 22 or local_hour < 5 then
      perform private.award_achievement(new.user_id, 'night_owl', now(), new.course_id);
    elsif local_hour < 8 then
      perform private.award_achievement(new.user_id, 'early_bird', now(), new.course_id);
    end if;
  end if;
  return null;
end;
$$;

comment on function private.award_on_lesson_completion() is
  'Trigger: awards first_lesson, and night_owl or early_bird by the local hour, when a lesson becomes completed.';

create trigger lesson_progress_award_achievements
  after insert or update of status on public.lesson_progress
  for each row when (new.status = 'completed')
  execute function private.award_on_lesson_completion();

create function private.award_on_course_completion()
returns trigger
language plpgsql
-- Definer: the enrollment completes inside a learner's save_progress, and learners may not write awards.
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or old.status is distinct from 'completed' then
    perform private.award_achievement(new.user_id, 'first_course', now(), new.course_id);
  end if;
  return null;
end;
$$;

comment on function private.award_on_course_completion() is
  'Trigger: awards first_course when an enrollment becomes completed.';

create trigger enrollments_award_achievements
  after insert or update of status on public.enrollments
  for each row when (new.status = 'completed')
  execute function private.award_on_course_completion();

-- Only the database's own triggers award (and the service role, for repairs).
revoke all on function private.award_achievement(uuid, text, timestamptz, uuid) from public;
revoke all on function private.award_activity_achievements(uuid, date, date, timestamptz, boolean, boolean) from public;
revoke all on function private.award_on_activity() from public;
revoke all on function private.award_on_lesson_completion() from public;
revoke all on function private.award_on_course_completion() from public;
grant execute on function private.award_achievement(uuid, text, timestamptz, uuid) to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Learners who qualified before this migration, dated when they did
-- ------------------------------------------------------------------------------------------------------------

insert into public.user_achievements (user_id, code, earned_at, course_id)
select distinct on (p.user_id) p.user_id, 'first_lesson', p.completed_at, p.course_id
from public.lesson_progress p
where p.status = 'completed'
order by p.user_id, p.completed_at
on conflict do nothing;

insert into public.user_achievements (user_id, code, earned_at, course_id)
select distinct on (e.user_id) e.user_id, 'first_course', coalesce(e.completed_at, now()), e.course_id
from public.enrollments e
where e.status = 'completed'
order by e.user_id, e.completed_at
on conflict do nothing;

insert into public.user_achievements (user_id, code, earned_at, course_id)
select distinct on (p.user_id, h.code) p.user_id, h.code, p.completed_at, p.course_id
from public.lesson_progress p
join public.profiles pr on pr.id = p.user_id
cross join lateral (
  select case
    when extract(hour from p.completed_at at time zone pr.timezone) >= 22
      or extract(hour from p.completed_at at time zone pr.timezone) < 5 then 'night_owl'
    when extract(hour from p.completed_at at time zone pr.timezone) < 8 then 'early_bird'
  end as code
) h
where p.status = 'completed' and p.completed_by <> 'instructor' and h.code is not null
order by p.user_id, h.code, p.completed_at
on conflict do nothing;

-- Day by day, as the triggers would have, each dated at the end of the day it was earned (in the current zone).
do $$
declare
  d record;
begin
  for d in
    select a.user_id, a.day, a.seconds, a.counts_for_streak, pr.timezone
    from public.daily_activity a
    join public.profiles pr on pr.id = a.user_id
    order by a.user_id, a.day
  loop
    perform private.award_activity_achievements(
      d.user_id, d.day, d.day,
      least(now(), ((d.day + 1)::timestamp at time zone d.timezone) - interval '1 second'),
      d.seconds > 0, d.counts_for_streak
    );
  end loop;
end;
$$;
