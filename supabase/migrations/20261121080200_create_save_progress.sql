-- ============================================================================================================
-- save_progress(lesson_id, position_s, watched_s, completed, observed_at): the player's one write. Upserts the
-- caller's progress for a lesson (resume position last-write-wins, distinct seconds watched only grow), applies the
-- completion rule or the learner's tick, and answers with the lesson's and the course's new state. Daily activity
-- and the enrollment follow by trigger (see 20261121080000).
-- ============================================================================================================

create function private.raise_api_error(code text, message text, status integer, details jsonb default null)
returns void
language plpgsql
-- Invoker: it only raises. PostgREST turns SQLSTATE PGRST into a response with this status and body.
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = jsonb_build_object('code', code, 'message', message, 'details', details)::text,
    detail = jsonb_build_object('status', status, 'headers', jsonb_build_object())::text;
end;
$$;

comment on function private.raise_api_error(text, text, integer, jsonb) is
  'Raises an error the Data API answers with the given HTTP status and {code, message, details} (PRODUCT.md §8).';

grant execute on function private.raise_api_error(text, text, integer, jsonb) to anon, authenticated, service_role;

create function public.save_progress(
  lesson_id uuid,
  position_s integer,
  watched_s integer,
  completed boolean default null,
  observed_at timestamptz default null
)
returns jsonb
language plpgsql
volatile
-- Invoker: the progress row is written under the caller's policies (own rows, enrolled, lesson not locked); the
-- checks below only turn what the policies would refuse into errors a learner can read.
security invoker
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
  cap integer;
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

  select l.id, l.course_id, l.kind, l.duration_s, l.completion_rule, l.completion_threshold
  into target
  from public.lessons l
  where l.id = save_progress.lesson_id;
  if not found then
    perform private.raise_api_error('course_not_found', 'This lesson does not exist or is not open to you.', 404);
  end if;

  select e.status into enrolled_status
  from public.enrollments e
  where e.course_id = target.course_id and e.user_id = viewer and e.status in ('active', 'completed');
  if not found then
    perform private.raise_api_error('forbidden', 'Enroll in this course to save your progress.', 403);
  end if;

  select a.available, a.lock into state
  from private.lesson_availability(target.course_id) a
  where a.lesson_id = target.id;
  if not state.available then
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

  -- One row per learner and lesson; concurrent first saves meet on the primary key and then both update it.
  loop
    select * into current from public.lesson_progress p
    where p.user_id = viewer and p.lesson_id = target.id
    for update;
    exit when found;
    insert into public.lesson_progress (lesson_id, course_id, status)
    values (target.id, target.course_id, 'in_progress')
    on conflict do nothing;
    get diagnostics inserted = row_count;
    fresh := inserted = 1;
  end loop;

  -- Distinct seconds cannot exceed the video; reading time of a text lesson may exceed its estimate.
  cap := case when target.kind = 'video' and target.duration_s > 0 then target.duration_s else 86400 end;
  next_watched := least(greatest(current.watched_s, save_progress.watched_s), cap);
  -- Last write wins: a save observed before the row's last change (a late retry from another device) keeps its
  -- seconds but not its position. Clocks ahead of the database count as now.
  next_position := case
    when fresh or save_progress.observed_at is null or least(save_progress.observed_at, now()) >= current.updated_at
      then least(save_progress.position_s, cap)
    else current.position_s
  end;

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
  'Saves the caller''s progress in a lesson: position (last write wins by observed_at), distinct seconds watched (only grow), completed true/false (tick/untick) or null (apply the completion rule). Errors: not_signed_in 401, course_not_found 404, forbidden 403 (not enrolled), lesson_locked 403, validation_failed 422.';

revoke all on function public.save_progress(uuid, integer, integer, boolean, timestamptz) from public;
-- anon may call it only to be told to sign in (the first check); it writes nothing for them.
grant execute on function public.save_progress(uuid, integer, integer, boolean, timestamptz) to anon, authenticated;
