-- ============================================================================================================
-- The small helpers a progress save calls on every write (the lesson's credit cap, the Realtime topics of the
-- leaderboard, the account and the analytics page, the analytics "changed" broadcast) become PL/pgSQL with the same
-- bodies.
--
-- Why: they are SQL functions with SET search_path, which PostgreSQL never inlines and plans again in every
-- transaction that calls them (a SQL function keeps its plan only for the statement that called it). In a save under
-- class load (`npm run bench -- progress`: 200 learners saving once a second) course_live_topic took 0.17 ms of each
-- save, credit_cap_s 0.13 ms and account_topic 0.14 ms a call, for a string concatenation or a CASE: together about
-- as much as the leaderboard week's upsert. PL/pgSQL keeps each expression's plan for the session (the pooled
-- connection), as 20261130030000 did for the access helpers.
--
-- Nothing else changes: arguments, results, volatility, search_path, grants and comments stay as they are (CREATE
-- OR REPLACE keeps the grants and the comment).
-- ============================================================================================================

create or replace function private.credit_cap_s(kind public.lesson_kind, duration_s integer)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  return case
    -- A video's distinct seconds cannot exceed the video.
    when kind = 'video' and duration_s > 0 then duration_s
    -- Reading: up to twice the lesson's estimate (slow readers, a second read), never more.
    when kind = 'text' and duration_s > 0 then least(2 * duration_s, 86400)
    -- No duration known (a video not processed yet, a text without an estimate): a quarter of an hour.
    else 900
  end;
end;
$$;

create or replace function private.course_live_topic(course uuid)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return 'course-live:' || course::text;
end;
$$;

create or replace function private.account_topic(account uuid)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return 'account:' || account::text;
end;
$$;

create or replace function private.course_analytics_topic(course uuid)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return 'course-analytics:' || course::text;
end;
$$;

create or replace function private.announce_course_analytics(course uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform realtime.send(jsonb_build_object('course_id', course), 'changed', private.course_analytics_topic(course), true);
end;
$$;
