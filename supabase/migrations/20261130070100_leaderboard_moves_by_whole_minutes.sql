-- ============================================================================================================
-- The course leaderboard moves by whole minutes: it ranks learners by the minutes it shows, and a progress save
-- broadcasts "leaderboard" only when it changes the learner's minutes for the week.
--
-- Why: every save that credited a second broadcast "leaderboard" on the course's live channel, and every learner
-- with the board open refetched it. A class of 200 learners watching at once saves about 200 times a second, so the
-- course's channel carried about 200 broadcasts a second: twice the 100 events a second a Realtime tenant allows by
-- default (as `supabase start` runs it), counted over all of a project's channels together. Each refetch read a board
-- that showed the same minutes as before in 59 saves of 60. Now the channel carries one broadcast per learner per
-- minute of study (about 3 a second for the same class), and the board a learner sees is the same.
--
-- Ranks: the board showed whole minutes but ranked by seconds, so two learners both showing 20 minutes could be 1st
-- and 2nd, and their order could change with no broadcast under the rule above. Ranking by whole minutes makes equal
-- minutes share a rank (ties listed by display name, as before), which is what the board shows, and reveals no more
-- than it shows (PRODUCT.md: only display names and totals are exposed).
--
-- The broadcast's rule: the save's credit moves the week's total from `before` to `after` seconds; it broadcasts when
-- floor(before / 60) <> floor(after / 60). `before` is after - credit: exact below the week's cap (604,800 s), and
-- at the cap at most one broadcast too many, never one too few.
--
-- Arguments, results, grants and comments stay as they are (CREATE OR REPLACE keeps grants; the comments are set
-- again because their text changes).
-- ============================================================================================================

create or replace function private.credit_course_week()
 returns trigger
 language plpgsql
 security definer
 set search_path = ''
as $function$
declare
  learner record;
  added integer := greatest(new.watched_s - coalesce(old.watched_s, 0), 0);
  credited integer := least(added, 604800);
  total integer;
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
    credited
  )
  on conflict (course_id, week_start, user_id) do update
    set seconds = least(w.seconds + excluded.seconds, 604800)
  returning w.seconds into total;
  -- The board shows whole minutes: only a save that changes them moves it.
  if learner.leaderboard_opt_in and (total - credited) / 60 <> total / 60 then
    perform realtime.send(
      jsonb_build_object('course_id', new.course_id), 'leaderboard', private.course_live_topic(new.course_id), true
    );
  end if;
  return null;
end;
$function$;

comment on function private.credit_course_week() is 'Trigger: credits new watched seconds to the course''s week (learner''s zone) and, for an opted-in learner whose whole minutes for the week change, broadcasts "leaderboard" on the course''s live channel.';

create or replace function public.course_leaderboard(course_id uuid)
 returns table(rank integer, display_name text, minutes integer, is_me boolean)
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
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
    with board as (
      select p.display_name, (coalesce(w.seconds, 0) / 60)::integer as minutes, p.id = (select auth.uid()) as is_me
      from public.enrollments e
      join public.profiles p on p.id = e.user_id
      left join private.course_week_activity w
        on w.course_id = e.course_id
        and w.user_id = e.user_id
        and w.week_start = date_trunc('week', now() at time zone coalesce(p.timezone, 'UTC'))::date
      where e.course_id = target
        and e.status in ('active', 'completed')
        and p.leaderboard_opt_in
    )
    -- Ranked by the minutes shown: equal minutes share a rank.
    select (rank() over (order by b.minutes desc))::integer, b.display_name, b.minutes, b.is_me
    from board b
    order by 1, 2
    limit 50;
end;
$function$;

comment on function public.course_leaderboard(course_id uuid) is 'This week''s whole minutes (ISO week, each learner''s zone) of the course''s opted-in learners, top 50, ranked by those minutes (equal minutes share a rank, then by name): rank, display name, minutes, is_me. For the course''s learners and school members. Errors: not_signed_in 401, forbidden 403.';
