-- ============================================================================================================
-- save_progress becomes the only way a learner writes progress, and the study time it credits is real.
--
-- Until now learners could insert and update lesson_progress directly (the policies only checked whose row and
-- which lesson), so a PATCH could set completed_by = 'instructor', a backdated completed_at and watched_s far past
-- the lesson, and the activity trigger credited that as study time; save_progress itself let a text lesson report
-- a day of reading. Now:
--   * clients have no insert or update on lesson_progress at all; save_progress is security definer and makes the
--     checks the policies made (signed in, own row, enrolled, lesson readable and not locked) before writing.
--     Definer rather than a policy trick: the write's values (completed_by, completed_at, watched_s) are decided by
--     the function, which no column grant could express, and one place holds every rule of a progress write;
--   * the seconds a save may add to watched_s (which daily_activity credits, by trigger) are capped by the lesson
--     (see private.credit_cap_s) and by the wall-clock time since the learner's previous save of any lesson, times
--     the fastest playback speed (2x) for videos or 1x for reading. The clock is per learner, not per lesson, so
--     two tabs or devices playing at once share one budget. The learner's first save ever credits nothing.
--     The client reports cumulative seconds, so whatever a save could not credit yet is credited by later saves as
--     real time passes.
-- Ticking a lesson (completed = true) stays allowed without watching; it credits the lesson, not time.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- No direct writes by clients
-- ------------------------------------------------------------------------------------------------------------

revoke insert, update on public.lesson_progress from anon, authenticated;
drop policy lesson_progress_insert_owner on public.lesson_progress;
drop policy lesson_progress_update_owner on public.lesson_progress;

comment on table public.lesson_progress is
  'A learner''s progress in one lesson. Written only by save_progress (and the service role); last write wins by updated_at.';

-- ------------------------------------------------------------------------------------------------------------
-- The learner's study clock
-- ------------------------------------------------------------------------------------------------------------

create table private.study_clocks (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  last_saved_at timestamptz not null
);

comment on table private.study_clocks is
  'When each learner last saved progress (any lesson): the wall-clock budget for the seconds their next save may credit.';

-- Not reachable through the Data API (private schema); no client role may touch it, only save_progress.
alter table private.study_clocks enable row level security;
revoke all on private.study_clocks from public, anon, authenticated;

-- Learners who already saved start from their last save instead of crediting nothing on their next one.
insert into private.study_clocks (user_id, last_saved_at)
select p.user_id, max(p.updated_at) from public.lesson_progress p group by p.user_id;

create function private.credit_cap_s(kind public.lesson_kind, duration_s integer)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case
    -- A video's distinct seconds cannot exceed the video.
    when kind = 'video' and duration_s > 0 then duration_s
    -- Reading: up to twice the lesson's estimate (slow readers, a second read), never more.
    when kind = 'text' and duration_s > 0 then least(2 * duration_s, 86400)
    -- No duration known (a video not processed yet, a text without an estimate): a quarter of an hour.
    else 900
  end;
$$;

comment on function private.credit_cap_s(public.lesson_kind, integer) is
  'Most seconds of study time one lesson can ever credit: a video''s duration, twice a text''s reading estimate, or 900 s when unknown.';

-- ------------------------------------------------------------------------------------------------------------
-- save_progress, now the only writer
-- ------------------------------------------------------------------------------------------------------------

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
-- Definer: learners have no write grant on lesson_progress (see the top of this migration). Every check the
-- policies made is made here, for the caller's own row only (auth.uid(), never a parameter).
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  viewer uuid := (select auth.uid());
  target record;
  state record;
  lock jsonb;
  enrolled_status public.enrollment_status;
  current public.lesson_progress;
  fields jsonb := '{}';
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
  select l.id, l.course_id, l.kind, l.duration_s, l.completion_rule, l.completion_threshold
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

  select e.status into enrolled_status
  from public.enrollments e
  where e.course_id = target.course_id and e.user_id = viewer and e.status in ('active', 'completed');
  if not found then
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

  -- The learner's clock, locked so concurrent saves (two tabs, two devices) share one budget of elapsed time.
  select c.last_saved_at into previous_save from private.study_clocks c where c.user_id = viewer for update;
  if not found then
    insert into private.study_clocks (user_id, last_saved_at) values (viewer, now()) on conflict do nothing;
    perform 1 from private.study_clocks c where c.user_id = viewer for update;
  end if;
  elapsed_s := greatest(coalesce(extract(epoch from now() - previous_save), 0), 0);

  -- One row per learner and lesson; concurrent first saves meet on the primary key and then both update it.
  loop
    select * into current from public.lesson_progress p
    where p.user_id = viewer and p.lesson_id = target.id
    for update;
    exit when found;
    insert into public.lesson_progress (user_id, lesson_id, course_id, status)
    values (viewer, target.id, target.course_id, 'in_progress')
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
    least(save_progress.watched_s, current.watched_s + creditable, private.credit_cap_s(target.kind, target.duration_s))
  );

  -- Last write wins: a save observed before the row's last change (a late retry from another device) keeps its
  -- seconds but not its position. Clocks ahead of the database count as now.
  position_cap := case when target.kind = 'video' and target.duration_s > 0 then target.duration_s else 86400 end;
  next_position := case
    when fresh or save_progress.observed_at is null or least(save_progress.observed_at, now()) >= current.updated_at
      then least(save_progress.position_s, position_cap)
    else current.position_s
  end;

  -- Completion is stamped here, never taken from the caller: now, by the learner's tick or by the rule.
  next_status := current.status;
  next_completed_at := current.completed_at;
  next_completed_by := current.completed_by;
  if save_progress.completed is true and current.status <> 'completed' then
    next_status := 'completed';
    next_completed_at := now();
    next_completed_by := 'manual';
  elsif save_progress.completed is false and current.status = 'completed' then
    next_status := 'in_progress';
    next_completed_at := null;
    next_completed_by := null;
  elsif save_progress.completed is null and current.status <> 'completed'
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
  where p.user_id = viewer and p.lesson_id = target.id
  returning * into saved;

  update private.study_clocks c set last_saved_at = now() where c.user_id = viewer;

  select
    count(*) filter (where p.status = 'completed') as completed,
    (select count(*) from public.lessons l where l.course_id = target.course_id) as total
  into course_state
  from public.lesson_progress p
  where p.user_id = viewer and p.course_id = target.course_id;

  select e.status, e.completed_at into enrollment_after
  from public.enrollments e where e.course_id = target.course_id and e.user_id = viewer;

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
      when target.completion_rule = 'video' then 'watch'
      else 'manual'
    end
  );
end;
$$;

comment on function public.save_progress(uuid, integer, integer, boolean, timestamptz) is
  'The only way a learner writes progress: position (last write wins by observed_at), distinct seconds watched or read (only grow, by at most 2x (video) or 1x (text) the time since the learner''s previous save, up to the lesson''s credit cap), completed true/false (tick/untick, stamped now) or null (apply the completion rule). Errors: not_signed_in 401, course_not_found 404, forbidden 403 (not enrolled), lesson_locked 403, validation_failed 422.';
