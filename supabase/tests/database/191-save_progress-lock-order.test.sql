-- Two tabs of one learner write progress at once without a deadlock: one plays a video (save_progress), the other
-- starts a quiz whose previous attempt ran out of time (start_quiz_attempt holds the enrollment, then grades the
-- expired attempt, which passes and writes the quiz's progress). Every progress write takes the learner's enrollment
-- before their study clock, so the two wait on each other in one order. The tabs are real sessions (dblink) on the
-- demo data (Fatima, active in web-accessibility-basics), every one of them rolled back; a third session holds the
-- video's progress row for a moment so that the save is caught between its locks, as a busy database catches it.
begin;
select plan(3);

create extension if not exists dblink with schema extensions;

create function pg_temp.connect(name text) returns integer language sql as $$
  select extensions.dblink_connect(
    name,
    format('host=127.0.0.1 port=%s dbname=%s user=postgres password=postgres', current_setting('port'), current_database())
  );
  select pid from extensions.dblink(name, 'select pg_backend_pid()') as t(pid integer);
$$;

-- The session's transaction as the learner, the way PostgREST sets a request up.
create function pg_temp.sign_in(name text) returns text language sql as $$
  select extensions.dblink_exec(name, $q$
    do $d$ begin
      perform set_config('request.jwt.claims', '{"sub": "a0000000-0000-4000-8000-000000000006", "role": "authenticated"}', true);
      perform set_config('role', 'authenticated', true);
    end $d$
  $q$);
$$;

-- Waits (up to 10 s) until the session is blocked by another's lock.
create function pg_temp.await_blocked(pid integer) returns boolean language plpgsql as $$
begin
  for i in 1..200 loop
    if cardinality(pg_blocking_pids(pid)) > 0 then
      return true;
    end if;
    perform pg_sleep(0.05);
  end loop;
  return false;
end;
$$;

-- The answer of an asynchronous call: 'ok' or the error it failed with.
create function pg_temp.outcome(name text) returns text language plpgsql as $$
declare
  rows integer;
  answer text;
begin
  select count(*) into rows from extensions.dblink_get_result(name, false) as t(result text);
  answer := case when rows = 1 then 'ok' else extensions.dblink_error_message(name) end;
  -- The call's end, so that the connection takes the next command.
  perform count(*) from extensions.dblink_get_result(name, false) as t(result text);
  return answer;
end;
$$;

create temp table sessions (name text primary key, pid integer);
insert into sessions values ('holder', pg_temp.connect('holder')), ('video', pg_temp.connect('video')), ('quiz', pg_temp.connect('quiz'));
select extensions.dblink_exec(name, 'set lock_timeout = ''20s''') from sessions;

-- The holder: the video lesson's progress row, not committed yet (written without triggers, which would lock the
-- learner's other rows too).
select extensions.dblink_exec('holder', 'begin');
select extensions.dblink_exec('holder', $$
  set local session_replication_role = replica;
  insert into public.lesson_progress (user_id, lesson_id, course_id)
  values ('a0000000-0000-4000-8000-000000000006', 'e0000000-0000-4000-8000-000000001003', 'c0000000-0000-4000-8000-000000000001')
  on conflict do nothing
$$);
select * from extensions.dblink('holder', $$
  select 1 from public.lesson_progress
  where user_id = 'a0000000-0000-4000-8000-000000000006' and lesson_id = 'e0000000-0000-4000-8000-000000001003'
  for update
$$) as t(locked integer);

-- The video tab saves and waits for the row.
select extensions.dblink_exec('video', 'begin');
select pg_temp.sign_in('video');
select extensions.dblink_send_query('video', $$
  select public.save_progress('e0000000-0000-4000-8000-000000001003', 40, 0)::text
$$);
select ok(pg_temp.await_blocked((select pid from sessions where name = 'video')), 'the video save waits for its row');

-- The quiz tab: an attempt of the quiz that ran out of time and passes as it stood (pass mark 0), then Start.
select extensions.dblink_exec('quiz', 'begin');
select extensions.dblink_exec('quiz', $$
  set local session_replication_role = replica;
  delete from public.lesson_progress
  where user_id = 'a0000000-0000-4000-8000-000000000006' and lesson_id = 'e0000000-0000-4000-8000-000000001009';
  update public.quiz_settings set pass_mark = 0 where lesson_id = 'e0000000-0000-4000-8000-000000001009';
  insert into public.quiz_attempts (user_id, lesson_id, course_id, number, question_ids, max_score, started_at, deadline)
  select 'a0000000-0000-4000-8000-000000000006', 'e0000000-0000-4000-8000-000000001009',
    'c0000000-0000-4000-8000-000000000001', coalesce(max(a.number), 0) + 1, array[gen_random_uuid()], 1,
    now() - interval '1 hour', now() - interval '30 minutes'
  from public.quiz_attempts a
  where a.user_id = 'a0000000-0000-4000-8000-000000000006' and a.lesson_id = 'e0000000-0000-4000-8000-000000001009';
  set local session_replication_role = origin
$$);
select pg_temp.sign_in('quiz');
select extensions.dblink_send_query('quiz', $$
  select public.start_quiz_attempt('e0000000-0000-4000-8000-000000001009')::text
$$);
select pg_temp.await_blocked((select pid from sessions where name = 'quiz'));

-- The row comes free: the save goes on while the quiz tab waits.
select extensions.dblink_exec('holder', 'rollback');
select is(pg_temp.outcome('video'), 'ok', 'the video save completes');
select extensions.dblink_exec('video', 'rollback');
select unalike(pg_temp.outcome('quiz'), '%deadlock%', 'the quiz start is not a deadlock''s victim either');
select extensions.dblink_exec('quiz', 'rollback');

select extensions.dblink_disconnect(name) from sessions;
select * from finish();
rollback;
