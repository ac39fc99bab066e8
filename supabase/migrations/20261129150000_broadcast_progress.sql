-- ============================================================================================================
-- Live progress within the tenant's limits (issue 27 item 5). Until now the learner's tabs subscribed to
-- postgres_changes on their own lesson_progress rows and enrollments, so every position save (every 10 s while
-- playing, on pause, on tab hide) and the enrollment update it causes became Realtime changes: at class size they
-- exceed the 100 postgres changes a second a tenant allows (under `supabase start` and on hosted projects) and are
-- dropped without a word. Now the database broadcasts only what the learner's other tabs and devices need, on the
-- learner's private channel account:<user_id> (the one session_ended uses; only its user may listen, nobody but the
-- database may send there, see 20261127100400):
--   * `progress` {lesson_id, course_id, status, position_s, watched_s, completed_at, completed_by, updated_at}
--     at once when a lesson's progress starts, is ticked or unticked (status or completion changes), and for a
--     position-only change at most once per lesson every 5 s; a change that moves nothing sends nothing;
--   * `progress_removed` {lesson_id, course_id} when a row goes (not when the user is deleted: nobody to tell);
--   * `enrollment_removed` {course_id} when the learner is removed from a course (the player locks at once).
-- A throttled position is not lost: it is in the table, and the app reads it again whenever a tab regains focus
-- or its channel rejoins. Sent in the writing transaction, so Realtime delivers it only after commit.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- When each lesson's progress was last broadcast
-- ------------------------------------------------------------------------------------------------------------

create table private.progress_broadcasts (
  user_id uuid not null references public.profiles (id) on delete cascade,
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  sent_at timestamptz not null,
  primary key (user_id, lesson_id)
);

comment on table private.progress_broadcasts is
  'When the progress of each learner in each lesson was last broadcast on their account channel: the 5 s throttle of position-only broadcasts.';
comment on column private.progress_broadcasts.sent_at is 'Transaction time of the last progress broadcast for this learner and lesson.';

create index progress_broadcasts_lesson_id_idx on private.progress_broadcasts (lesson_id);

-- Not reachable through the Data API (private schema); no client role may touch it, only the trigger below.
alter table private.progress_broadcasts enable row level security;
revoke all on private.progress_broadcasts from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Progress
-- ------------------------------------------------------------------------------------------------------------

create function private.account_topic(account uuid)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'account:' || account::text;
$$;

comment on function private.account_topic(uuid) is 'The private Realtime channel of one user''s own tabs and devices.';

create function private.broadcast_progress()
returns trigger
language plpgsql
-- Definer: runs inside save_progress and Auth's cascades; inserts into realtime.messages and the throttle table,
-- which no client role may write.
security definer
set search_path = ''
as $$
declare
  claimed integer;
begin
  if tg_op = 'DELETE' then
    -- A user being deleted takes their progress along: there is nobody left to tell.
    if exists (select 1 from auth.users u where u.id = old.user_id) then
      perform realtime.send(
        jsonb_build_object('lesson_id', old.lesson_id, 'course_id', old.course_id),
        'progress_removed', private.account_topic(old.user_id), true
      );
    end if;
    return null;
  end if;

  if tg_op = 'UPDATE' and new.status = old.status
    and new.completed_at is not distinct from old.completed_at
    and new.completed_by is not distinct from old.completed_by then
    -- Position-only: nothing moved, nothing to say.
    if new.position_s = old.position_s and new.watched_s = old.watched_s then
      return null;
    end if;
    -- At most one every 5 s per lesson: claim the slot, or stay quiet if the last broadcast is more recent. A
    -- broadcast of this same transaction does not count: save_progress inserts a lesson's row and then updates it,
    -- and the update is the state to tell.
    insert into private.progress_broadcasts as b (user_id, lesson_id, sent_at)
    values (new.user_id, new.lesson_id, now())
    on conflict (user_id, lesson_id) do update set sent_at = excluded.sent_at
      where b.sent_at <= excluded.sent_at - interval '5 seconds' or b.sent_at = excluded.sent_at;
    get diagnostics claimed = row_count;
    if claimed = 0 then
      return null;
    end if;
  else
    -- A start, a tick or an untick goes out at once, and restarts the position throttle.
    insert into private.progress_broadcasts as b (user_id, lesson_id, sent_at)
    values (new.user_id, new.lesson_id, now())
    on conflict (user_id, lesson_id) do update set sent_at = excluded.sent_at;
  end if;

  perform realtime.send(
    jsonb_build_object(
      'lesson_id', new.lesson_id,
      'course_id', new.course_id,
      'status', new.status,
      'position_s', new.position_s,
      'watched_s', new.watched_s,
      'completed_at', new.completed_at,
      'completed_by', new.completed_by,
      'updated_at', new.updated_at
    ),
    'progress', private.account_topic(new.user_id), true
  );
  return null;
end;
$$;

comment on function private.broadcast_progress() is
  'Trigger: broadcasts progress on account:<user_id> at once for a start, tick or untick, at most every 5 s per lesson for position-only changes, and progress_removed for a deleted row (never fails: realtime.send only warns).';

revoke all on function private.broadcast_progress() from public, anon, authenticated;

create trigger lesson_progress_broadcast
  after insert or update or delete on public.lesson_progress
  for each row execute function private.broadcast_progress();

-- ------------------------------------------------------------------------------------------------------------
-- Removal from a course
-- ------------------------------------------------------------------------------------------------------------

create function private.broadcast_enrollment_removed()
returns trigger
language plpgsql
-- Definer: runs inside remove_learner as its caller (an instructor), who may not write realtime.messages.
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('course_id', new.course_id), 'enrollment_removed', private.account_topic(new.user_id), true
  );
  return null;
end;
$$;

comment on function private.broadcast_enrollment_removed() is
  'Trigger: broadcasts enrollment_removed {course_id} on the learner''s account channel when they are removed from a course.';

revoke all on function private.broadcast_enrollment_removed() from public, anon, authenticated;

-- Only the turn to removed: the every-save updates of last_lesson_id and last_activity_at send nothing.
create trigger enrollments_broadcast_removed
  after update of status on public.enrollments
  for each row
  when (new.status = 'removed' and old.status is distinct from new.status)
  execute function private.broadcast_enrollment_removed();
