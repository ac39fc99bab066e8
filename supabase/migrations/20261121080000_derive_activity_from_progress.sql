-- ============================================================================================================
-- Progress writes drive the rest: every insert or update of lesson_progress (through save_progress or directly)
-- credits the learner's daily activity, moves their enrollment's resume point, and completes the enrollment when
-- the last lesson is done. Progress is only written for lessons the learner may open: locked lessons (drip,
-- sequence) are refused by the policies, not only by save_progress.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- Locked lessons take no progress
-- ------------------------------------------------------------------------------------------------------------

alter policy lesson_progress_insert_owner on public.lesson_progress
  with check (
    user_id = (select auth.uid())
    and private.is_enrolled(course_id)
    and (private.is_published_preview(lesson_id) or private.is_lesson_unlocked(lesson_id))
  );
comment on policy lesson_progress_insert_owner on public.lesson_progress is
  'Learners record their own progress in courses they are enrolled in, for lessons they may open (not locked).';

alter policy lesson_progress_update_owner on public.lesson_progress
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and private.is_enrolled(course_id)
    and (private.is_published_preview(lesson_id) or private.is_lesson_unlocked(lesson_id))
  );
comment on policy lesson_progress_update_owner on public.lesson_progress is
  'Learners update their own progress while enrolled, for lessons they may open (not locked).';

-- ------------------------------------------------------------------------------------------------------------
-- Daily activity and enrollment bookkeeping
-- ------------------------------------------------------------------------------------------------------------

create function private.apply_progress_write()
returns trigger
language plpgsql
-- Definer: learners may not write daily_activity or their enrollment; this trigger does it for them, from the
-- progress row the policies have just accepted.
security definer
set search_path = ''
as $$
declare
  zone text;
  activity_day date;
  new_seconds integer := greatest(new.watched_s - coalesce(old.watched_s, 0), 0);
  completed_delta integer :=
    (new.status = 'completed')::integer - coalesce((old.status = 'completed')::integer, 0);
begin
  if new_seconds > 0 or completed_delta <> 0 then
    select timezone into zone from public.profiles where id = new.user_id;
    -- The day the write happened, in the learner's zone (updated_at is stamped by the database).
    activity_day := (new.updated_at at time zone coalesce(zone, 'UTC'))::date;
    insert into public.daily_activity as d (user_id, day, seconds, lessons_completed)
    values (new.user_id, activity_day, least(new_seconds, 86400), greatest(completed_delta, 0))
    on conflict (user_id, day) do update
      set seconds = least(d.seconds + excluded.seconds, 86400),
          lessons_completed = greatest(d.lessons_completed + completed_delta, 0);
  end if;

  update public.enrollments
  set last_lesson_id = new.lesson_id,
      last_activity_at = greatest(coalesce(last_activity_at, new.updated_at), new.updated_at)
  where course_id = new.course_id and user_id = new.user_id and status <> 'removed';

  -- The enrollment completes with the course's last lesson (every lesson is required in M1). Once completed it
  -- stays completed: unticking a lesson later does not take a finished course (or its certificate) away.
  if completed_delta = 1 and not exists (
    select 1
    from public.lessons l
    where l.course_id = new.course_id
      and not exists (
        select 1 from public.lesson_progress p
        where p.user_id = new.user_id and p.lesson_id = l.id and p.status = 'completed'
      )
  ) then
    update public.enrollments
    set status = 'completed', completed_at = new.updated_at
    where course_id = new.course_id and user_id = new.user_id and status = 'active';
  end if;
  return null;
end;
$$;

comment on function private.apply_progress_write() is
  'Trigger: credits new watched seconds and completions to daily_activity (learner''s zone), moves the enrollment''s resume point, completes the enrollment with the last lesson.';

create trigger lesson_progress_apply_write
  after insert or update of status, watched_s, position_s on public.lesson_progress
  for each row execute function private.apply_progress_write();
