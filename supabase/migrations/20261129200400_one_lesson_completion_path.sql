-- ============================================================================================================
-- One way a lesson's progress is written, for save_progress and for passing a quiz (M5). The write that
-- save_progress made (study clock, the progress row, last-write-wins position, seconds credited, completion
-- stamped, the answer with the course's state) moves unchanged into private.write_lesson_progress, which takes
-- the learner as a parameter; save_progress keeps the checks of who may write (signed in, lesson readable,
-- enrolled, not locked) and calls it. A passed quiz attempt completes its lesson through the same function (by
-- the rule), so daily activity, the enrollment's completion, certificates and achievements follow by the same
-- triggers on lesson_progress. A quiz lesson is completed only by passing: save_progress refuses a tick or an
-- untick on one (validation_failed on `completed`), and still records that it was opened.
-- ============================================================================================================

create function private.write_lesson_progress(
  learner uuid,
  target_lesson uuid,
  position_s integer,
  watched_s integer,
  completed boolean,
  observed_at timestamptz,
  by_rule boolean default false
)
returns jsonb
language plpgsql
volatile
-- Definer: lesson_progress and the study clock have no client write grants. Callers have checked that the
-- learner may write this lesson's progress (save_progress, or a quiz attempt the learner was allowed to start).
security definer
set search_path = ''
as $$
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

  select e.status into enrolled_status
  from public.enrollments e
  where e.course_id = target.course_id and e.user_id = learner and e.status in ('active', 'completed');

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
$$;

comment on function private.write_lesson_progress(uuid, uuid, integer, integer, boolean, timestamptz, boolean) is
  'The one progress write (save_progress and passing a quiz): the learner''s row with last-write-wins position (null: kept), seconds credited within the clock and the lesson''s cap, completion stamped now (by_rule: completed_by rule), and save_progress''s answer. Callers check who may write.';

revoke all on function private.write_lesson_progress(uuid, uuid, integer, integer, boolean, timestamptz, boolean) from public, anon, authenticated;

create or replace function public.save_progress(
  lesson_id uuid,
  position_s integer,
  watched_s integer,
  completed boolean default null,
  observed_at timestamptz default null
)
returns jsonb
language plpgsql
volatile
-- Definer: learners have no write grant on lesson_progress (20261124100000). Every check the policies made is made
-- here, for the caller's own row only (auth.uid(), never a parameter); the write is private.write_lesson_progress.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  viewer uuid := (select auth.uid());
  target record;
  state record;
  lock jsonb;
  fields jsonb := '{}';
begin
  if viewer is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to save your progress.', 401);
  end if;

  if save_progress.position_s is null or save_progress.position_s not between 0 and 86400 then
    fields := fields || jsonb_build_object('position_s', 'Position must be a whole number of seconds from 0 to 86,400.');
  end if;
  if save_progress.watched_s is null or save_progress.watched_s not between 0 and 86400 then
    fields := fields || jsonb_build_object('watched_s', 'Seconds watched must be a whole number from 0 to 86,400.');
  end if;
  if save_progress.lesson_id is null then
    fields := fields || jsonb_build_object('lesson_id', 'Say which lesson the progress is for.');
  end if;
  if fields <> '{}' then
    perform private.raise_api_error(
      'validation_failed', 'The progress could not be saved: ' || (select string_agg(v, ' ') from jsonb_each_text(fields) as f(k, v)),
      422, jsonb_build_object('fields', fields)
    );
  end if;

  -- Only lessons of courses the caller can read (the courses select policy): a draft's lessons stay unknown.
  select l.id, l.course_id, l.kind
  into target
  from public.lessons l
  join public.courses c on c.id = l.course_id
  where l.id = save_progress.lesson_id
    and (
      c.status = 'published'
      or private.is_course_member(c.id)
      or (c.status = 'archived' and private.is_enrolled(c.id))
    );
  if not found then
    perform private.raise_api_error('course_not_found', 'This lesson does not exist or is not open to you.', 404);
  end if;

  if not exists (
    select 1 from public.enrollments e
    where e.course_id = target.course_id and e.user_id = viewer and e.status in ('active', 'completed')
  ) then
    perform private.raise_api_error('forbidden', 'Enroll in this course to save your progress.', 403);
  end if;

  -- The one lock rule (release dates, drip, sequence; previews of published courses are open).
  select a.available, a.lock into state
  from private.lesson_availability(target.course_id) a
  where a.lesson_id = target.id;
  if not coalesce(state.available, false) then
    lock := state.lock;
    perform private.raise_api_error(
      'lesson_locked',
      case lock ->> 'reason'
        when 'release' then 'This lesson opens on ' || to_char((lock ->> 'opens_at')::timestamptz, 'FMMonth FMDD, YYYY') || '.'
        when 'sequence' then 'Finish "' || (lock ->> 'lesson_title') || '" first.'
        else 'This lesson is locked.'
      end,
      403, jsonb_build_object('lock', lock)
    );
  end if;

  -- A quiz is completed by passing it (save_quiz_attempt), never by a tick, and stays completed.
  if target.kind = 'quiz' and save_progress.completed is not null then
    perform private.raise_unless_valid(jsonb_build_object(
      'completed', 'A quiz is completed by passing it, not by ticking it.'
    ));
  end if;

  return private.write_lesson_progress(
    viewer, target.id, save_progress.position_s, save_progress.watched_s, save_progress.completed,
    save_progress.observed_at, false
  );
end;
$$;

comment on function public.save_progress(uuid, integer, integer, boolean, timestamptz) is
  'The only way a learner writes progress: position (last write wins by observed_at), distinct seconds watched or read (only grow, by at most 2x (video) or 1x (text) the time since the learner''s previous save, up to the lesson''s credit cap), completed true/false (tick/untick, stamped now; refused on quiz lessons, which complete by passing) or null (apply the completion rule). The write is private.write_lesson_progress, which passing a quiz uses too. Errors: not_signed_in 401, course_not_found 404, forbidden 403 (not enrolled), lesson_locked 403, validation_failed 422.';
