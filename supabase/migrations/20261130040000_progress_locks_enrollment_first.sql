-- ============================================================================================================
-- Every progress write locks the learner's enrollment in the course before their study clock, so two writes of one
-- learner can no longer deadlock.
--
-- Why: save_progress locked the clock first and reached the enrollment last (the resume point that
-- lesson_progress_apply_write moves), while start_quiz_attempt locks the enrollment first (it serialises a learner's
-- starts) and then, when the learner's previous attempt ran out of time, grades it; a passing grade writes the quiz's
-- progress, which locks the clock. With one tab playing a video and another starting that quiz, each held what the
-- other waited for and PostgreSQL ended one of them with "deadlock detected" (supabase/tests/database/
-- 191-save_progress-lock-order.test.sql reproduces it). Now write_lesson_progress takes the enrollment row (FOR NO
-- KEY UPDATE, the lock the resume point's update takes anyway) before the clock, so every writer of a learner's
-- progress goes enrollment, clock, progress row, in that order.
--
-- Nothing else changes: the enrollment status it reads (active or completed, else none) and the answer are the same;
-- arguments, SECURITY DEFINER, search_path, grants and the comment stay (CREATE OR REPLACE keeps them).
-- ============================================================================================================

CREATE OR REPLACE FUNCTION private.write_lesson_progress(learner uuid, target_lesson uuid, position_s integer, watched_s integer, completed boolean, observed_at timestamp with time zone, by_rule boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  target record;
  enrolled_status public.enrollment_status;
  current public.lesson_progress;
  position_cap integer;
  previous_save timestamptz;
  elapsed_s double precision;
  creditable integer;
  next_watched integer;
  next_position integer;
  next_status public.progress_status;
  next_completed_at timestamptz;
  next_completed_by public.completed_by;
  saved public.lesson_progress;
  course_state record;
  inserted integer;
  fresh boolean := false;
  enrollment_after record;
begin
  select l.id, l.course_id, l.kind, l.duration_s, l.completion_rule, l.completion_threshold
  into target from public.lessons l where l.id = target_lesson;

  -- The learner's enrollment is locked first, then their clock: the order every writer of their progress keeps
  -- (start_quiz_attempt holds the enrollment when it grades an expired attempt), so two tabs cannot deadlock.
  select e.status into enrolled_status
  from public.enrollments e
  where e.course_id = target.course_id and e.user_id = learner
  for no key update;
  if enrolled_status not in ('active', 'completed') then
    enrolled_status := null;
  end if;

  -- The learner's clock, locked so concurrent saves (two tabs, two devices) share one budget of elapsed time.
  select c.last_saved_at into previous_save from private.study_clocks c where c.user_id = learner for update;
  if not found then
    insert into private.study_clocks (user_id, last_saved_at) values (learner, now()) on conflict do nothing;
    perform 1 from private.study_clocks c where c.user_id = learner for update;
  end if;
  elapsed_s := greatest(coalesce(extract(epoch from now() - previous_save), 0), 0);

  -- One row per learner and lesson; concurrent first saves meet on the primary key and then both update it.
  loop
    select * into current from public.lesson_progress p
    where p.user_id = learner and p.lesson_id = target.id
    for update;
    exit when found;
    insert into public.lesson_progress (user_id, lesson_id, course_id, status)
    values (learner, target.id, target.course_id, 'in_progress')
    on conflict do nothing;
    get diagnostics inserted = row_count;
    fresh := inserted = 1;
  end loop;

  -- Seconds watched (or read) only grow, by at most what the time since the previous save allows (2x for the
  -- fastest playback speed, 1x for reading), and never past what the lesson can credit.
  creditable := floor(least(
    elapsed_s * case when target.kind = 'video' then 2 else 1 end,
    86400
  ))::integer;
  next_watched := greatest(
    current.watched_s,
    least(write_lesson_progress.watched_s, current.watched_s + creditable, private.credit_cap_s(target.kind, target.duration_s))
  );

  -- Last write wins: a save observed before the row's last change (a late retry from another device) keeps its
  -- seconds but not its position. Clocks ahead of the database count as now. No position (a quiz): kept.
  position_cap := case when target.kind = 'video' and target.duration_s > 0 then target.duration_s else 86400 end;
  next_position := case
    when write_lesson_progress.position_s is null then current.position_s
    when fresh or write_lesson_progress.observed_at is null
      or least(write_lesson_progress.observed_at, now()) >= current.updated_at
      then least(write_lesson_progress.position_s, position_cap)
    else current.position_s
  end;

  -- Completion is stamped here, never taken from the caller: now, by the learner's tick or by the rule (the
  -- video threshold, or a passed quiz).
  next_status := current.status;
  next_completed_at := current.completed_at;
  next_completed_by := current.completed_by;
  if write_lesson_progress.completed is true and current.status <> 'completed' then
    next_status := 'completed';
    next_completed_at := now();
    next_completed_by := case when by_rule then 'rule' else 'manual' end;
  elsif write_lesson_progress.completed is false and current.status = 'completed' then
    next_status := 'in_progress';
    next_completed_at := null;
    next_completed_by := null;
  elsif write_lesson_progress.completed is null and current.status <> 'completed'
    and target.completion_rule = 'video' and target.duration_s > 0
    -- The rule fires when this write crosses the threshold, so a learner who unticked a watched video keeps it
    -- unticked until they tick it again.
    and current.watched_s < target.completion_threshold * target.duration_s
    and next_watched >= target.completion_threshold * target.duration_s then
    next_status := 'completed';
    next_completed_at := now();
    next_completed_by := 'rule';
  elsif next_status = 'not_started' then
    next_status := 'in_progress';
  end if;

  update public.lesson_progress p
  set position_s = next_position, watched_s = next_watched, status = next_status,
      completed_at = next_completed_at, completed_by = next_completed_by
  where p.user_id = learner and p.lesson_id = target.id
  returning * into saved;

  update private.study_clocks c set last_saved_at = now() where c.user_id = learner;

  select
    count(*) filter (where p.status = 'completed') as completed,
    (select count(*) from public.lessons l where l.course_id = target.course_id) as total
  into course_state
  from public.lesson_progress p
  where p.user_id = learner and p.course_id = target.course_id;

  select e.status, e.completed_at into enrollment_after
  from public.enrollments e where e.course_id = target.course_id and e.user_id = learner;

  return jsonb_build_object(
    'progress', jsonb_build_object(
      'lesson_id', saved.lesson_id, 'status', saved.status, 'position_s', saved.position_s,
      'watched_s', saved.watched_s, 'completed_at', saved.completed_at, 'completed_by', saved.completed_by,
      'updated_at', saved.updated_at
    ),
    'course_progress', jsonb_build_object(
      'completed', course_state.completed, 'total', course_state.total,
      'percent', case when course_state.total = 0 then 0
        else floor(100.0 * course_state.completed / course_state.total)::integer end
    ),
    'enrollment', jsonb_build_object('status', enrollment_after.status, 'completed_at', enrollment_after.completed_at),
    'course_completed_now', enrolled_status = 'active' and enrollment_after.status = 'completed',
    'incomplete_reason', case
      when saved.status = 'completed' then null
      when target.kind = 'quiz' then 'quiz'
      when target.completion_rule = 'video' then 'watch'
      else 'manual'
    end
  );
end;
$function$;
