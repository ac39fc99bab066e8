-- ============================================================================================================
-- Progress broadcasts go out once per transaction, with the state it commits (follows 20261129150000).
-- save_progress inserts a lesson's first row (position 0) and then updates it in the same transaction, so the
-- row-by-row trigger sent the insert's interim state and then the final one, with the same updated_at: a tab could
-- not tell which was the newer, and the saving tab saw its own position jump back to 0 for a moment. The trigger now
-- runs at commit (a deferred constraint trigger) and reads the row as committed; the first of a transaction's events
-- sends it, later events of the same transaction send nothing. What is sent and when is otherwise unchanged: a
-- start, tick or untick at once, a position-only change at most once per lesson every 5 s, nothing for a change
-- that moves nothing, progress_removed for a deleted row (unless the user is being deleted).
-- ============================================================================================================

drop trigger lesson_progress_broadcast on public.lesson_progress;

create or replace function private.broadcast_progress()
returns trigger
language plpgsql
-- Definer: runs at the commit of save_progress and of Auth's cascades; inserts into realtime.messages and the
-- throttle table, which no client role may write.
security definer
set search_path = ''
as $$
declare
  learner uuid := coalesce(new.user_id, old.user_id);
  lesson uuid := coalesce(new.lesson_id, old.lesson_id);
  committed public.lesson_progress;
  claimed integer;
begin
  select * into committed from public.lesson_progress p where p.user_id = learner and p.lesson_id = lesson;

  if tg_op = 'DELETE' then
    -- Gone for good (not written again later in the transaction), and someone is left to tell.
    if committed.user_id is null and exists (select 1 from auth.users u where u.id = learner) then
      perform realtime.send(
        jsonb_build_object('lesson_id', lesson, 'course_id', old.course_id),
        'progress_removed', private.account_topic(learner), true
      );
    end if;
    return null;
  end if;

  -- Deleted later in the same transaction: its delete speaks for it.
  if committed.user_id is null then
    return null;
  end if;

  if tg_op = 'UPDATE' and new.status = old.status
    and new.completed_at is not distinct from old.completed_at
    and new.completed_by is not distinct from old.completed_by then
    -- Position-only: nothing moved, nothing to say.
    if new.position_s = old.position_s and new.watched_s = old.watched_s then
      return null;
    end if;
    -- At most one every 5 s per lesson, and one per transaction.
    insert into private.progress_broadcasts as b (user_id, lesson_id, sent_at)
    values (learner, lesson, now())
    on conflict (user_id, lesson_id) do update set sent_at = excluded.sent_at
      where b.sent_at <= excluded.sent_at - interval '5 seconds';
  else
    -- A start, a tick or an untick goes out at once (once per transaction) and restarts the position throttle.
    insert into private.progress_broadcasts as b (user_id, lesson_id, sent_at)
    values (learner, lesson, now())
    on conflict (user_id, lesson_id) do update set sent_at = excluded.sent_at
      where b.sent_at <> excluded.sent_at;
  end if;
  get diagnostics claimed = row_count;
  if claimed = 0 then
    return null;
  end if;

  perform realtime.send(
    jsonb_build_object(
      'lesson_id', committed.lesson_id,
      'course_id', committed.course_id,
      'status', committed.status,
      'position_s', committed.position_s,
      'watched_s', committed.watched_s,
      'completed_at', committed.completed_at,
      'completed_by', committed.completed_by,
      'updated_at', committed.updated_at
    ),
    'progress', private.account_topic(learner), true
  );
  return null;
end;
$$;

comment on function private.broadcast_progress() is
  'Trigger, at commit: broadcasts the committed progress on account:<user_id> once per transaction, at once for a start, tick or untick, at most every 5 s per lesson for position-only changes, and progress_removed for a deleted row (never fails: realtime.send only warns).';

-- Deferred: fires at commit (or at SET CONSTRAINTS ... IMMEDIATE), after every statement of the transaction.
create constraint trigger lesson_progress_broadcast
  after insert or update or delete on public.lesson_progress
  deferrable initially deferred
  for each row execute function private.broadcast_progress();
