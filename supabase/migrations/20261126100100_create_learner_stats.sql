-- ============================================================================================================
-- learner_stats(): the whole /stats page and home's goal and streak widget in one round trip, for the signed-in
-- caller only. Everything is read from daily_activity, whose days were written in the learner's time zone at the
-- time (20261121080000): a later change of profiles.timezone never moves them. Only "today" comes from the
-- caller's current zone; every other date is derived from it by date arithmetic (today - 29, this week's Monday,
-- ...), never by adding hours to a timestamp, so a 23- or 25-hour day at a daylight-saving change is one day.
--
-- A day counts for streaks and the weekly goal with >= 5 minutes studied (300 s) or >= 1 lesson completed
-- (PRODUCT.md §9; daily_activity.counts_for_streak, 20261126100000). The current streak is the run of counting
-- days ending on the latest one, when that day is yesterday or later: a streak that ended yesterday is still
-- current (and at risk until today counts). Days after today only exist after a move to a zone behind the old
-- one; they count as studied.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- The computation, at a given instant
-- ------------------------------------------------------------------------------------------------------------

create function private.learner_stats_at(as_of timestamptz)
returns jsonb
language plpgsql
stable
-- Invoker: the caller's own profile and daily_activity rows are all it reads, and their select policies already
-- allow exactly those; the filters on auth.uid() below only let the primary key (user_id, day) do the work.
security invoker
set search_path = ''
as $$
declare
  viewer uuid := (select auth.uid());
  zone text;
  goal smallint;
  today date;
  this_monday date;
  first_day date;
  overall record;
  recent record;
begin
  if viewer is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see your stats.', 401);
  end if;

  select p.timezone, p.weekly_goal_days into zone, goal from public.profiles p where p.id = viewer;
  zone := coalesce(zone, 'UTC');
  goal := coalesce(goal, 3);
  today := (coalesce(as_of, now()) at time zone zone)::date;
  -- ISO weeks: Monday is day 1.
  this_monday := today - (extract(isodow from today)::integer - 1);
  -- The heatmap's and the weekly charts' first day: the Monday 11 weeks before this week's (12 weeks in all).
  first_day := this_monday - 77;

  -- All of the learner's days, once (three years are about a thousand rows, read by key): totals and streaks.
  -- Consecutive counting days share day - row_number(), so each run of them is one group.
  with activity as (
    select d.day, d.seconds, d.lessons_completed, d.counts_for_streak as counts
    from public.daily_activity d
    where d.user_id = viewer
  ),
  runs as (
    select max(r.day) as last_day, count(*)::integer as length
    from (
      select a.day, a.day - (row_number() over (order by a.day))::integer as run
      from activity a
      where a.counts
    ) r
    group by r.run
  )
  select
    (select coalesce(sum(a.seconds), 0) from activity a) as seconds,
    (select coalesce(sum(a.lessons_completed), 0) from activity a) as lessons,
    (select coalesce(max(r.length), 0) from runs r) as longest_streak,
    coalesce((
      select case when r.last_day >= today - 1 then r.length else 0 end
      from runs r
      order by r.last_day desc
      limit 1
    ), 0) as current_streak
  into overall;

  -- The 12 weeks on screen, every day present (zeros included): the daily, weekly, heatmap and goal series.
  with days as (
    select
      g.day,
      coalesce(d.seconds, 0) as seconds,
      coalesce(d.lessons_completed, 0) as lessons,
      coalesce(d.counts_for_streak, false) as counts
    from (select first_day + i as day from generate_series(0, 83) as s(i)) g
    left join public.daily_activity d on d.user_id = viewer and d.day = g.day
  ),
  weeks as (
    select first_day + 7 * ((d.day - first_day) / 7) as week_start, sum(d.seconds) as seconds, sum(d.lessons) as lessons
    from days d
    group by 1
  )
  select
    (
      select jsonb_agg(jsonb_build_object('day', d.day, 'minutes', d.seconds / 60) order by d.day)
      from days d where d.day between today - 29 and today
    ) as minutes_per_day,
    (
      select jsonb_agg(jsonb_build_object('week_start', w.week_start, 'minutes', w.seconds / 60) order by w.week_start)
      from weeks w
    ) as minutes_per_week,
    (
      select jsonb_agg(jsonb_build_object('week_start', w.week_start, 'lessons', w.lessons) order by w.week_start)
      from weeks w
    ) as lessons_per_week,
    (
      select jsonb_agg(
        jsonb_build_object('day', d.day, 'seconds', d.seconds, 'lessons', d.lessons, 'counts', d.counts)
        order by d.day
      )
      from days d where d.day <= today
    ) as heatmap,
    (
      select jsonb_agg(jsonb_build_object('day', d.day, 'counts', d.counts) order by d.day)
      from days d where d.day >= this_monday
    ) as this_week,
    (select count(*)::integer from days d where d.day >= this_monday and d.counts) as met_days,
    (select d.counts from days d where d.day = today) as today_counts
  into recent;

  return jsonb_build_object(
    'timezone', zone,
    'today', today,
    'today_counts', recent.today_counts,
    'current_streak', overall.current_streak,
    'longest_streak', overall.longest_streak,
    'streak_at_risk', overall.current_streak > 0 and not recent.today_counts,
    'total_minutes', overall.seconds / 60,
    'lessons_completed_total', overall.lessons,
    'minutes_per_day', recent.minutes_per_day,
    'minutes_per_week', recent.minutes_per_week,
    'lessons_per_week', recent.lessons_per_week,
    'heatmap', recent.heatmap,
    'goal', jsonb_build_object(
      'days_per_week', goal,
      'this_week', recent.this_week,
      'met_days', recent.met_days,
      'met', recent.met_days >= goal,
      'days_left', 7 - extract(isodow from today)::integer
    )
  );
end;
$$;

comment on function private.learner_stats_at(timestamptz) is
  'learner_stats() for the signed-in caller as of an instant (today = that instant''s date in the caller''s zone); tests pin the clock through it.';

revoke execute on function private.learner_stats_at(timestamptz) from public, anon;
grant execute on function private.learner_stats_at(timestamptz) to authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- The call
-- ------------------------------------------------------------------------------------------------------------

create function public.learner_stats()
returns jsonb
language plpgsql
stable
-- Invoker: the caller's own rows are readable under their policies (see private.learner_stats_at); the answer is
-- always about auth.uid(), there is no parameter naming a learner.
security invoker
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see your stats.', 401);
  end if;
  return private.learner_stats_at(now());
end;
$$;

comment on function public.learner_stats() is
  'The caller''s study stats in their time zone: today, minutes per day (30 days), minutes and lessons per ISO week (12 weeks), a 12-week heatmap, current and longest streak (a day counts with >= 300 s or >= 1 lesson; a streak ending yesterday is current and at risk), this week''s goal, totals. Errors: not_signed_in 401.';

revoke all on function public.learner_stats() from public;
-- anon may call it only to be told to sign in.
grant execute on function public.learner_stats() to anon, authenticated;
