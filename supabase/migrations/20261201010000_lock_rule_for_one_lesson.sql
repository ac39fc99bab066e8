-- ============================================================================================================
-- The lock rule for one lesson: private.lesson_lock(lesson) answers what private.lesson_availability(course) answers
-- for that lesson, without working out every lesson of the course.
--
-- Why: a progress save, a quiz start and every policy that asks is_lesson_unlocked (a lesson's content, its video
-- checks, its media) need one lesson's answer, and took it from the course-wide rule: every lesson of the course
-- with its progress, lock and window order, then one row kept. On the demo course that was 0.37 of a save's 1.2 ms;
-- on a course of 400 lessons 1.7 of 2.7 ms, and a read of a course's lesson_contents asked it once per row. One
-- lesson's answer reads the lesson, the caller's membership and enrollment and, in a sequential course, the first
-- lesson before it that the caller has not completed: no progress, lock or order for the lessons after it.
--
-- The rule is the same and lesson_availability stays its statement for a course (the outline asks it);
-- 183-lesson-lock-one-lesson.test.sql holds lesson_lock to lesson_availability's answer, available and lock, for
-- every lesson of every demo course, every demo user and a visitor, and for each reason a lesson can be locked.
-- save_progress and start_quiz_attempt change only where they ask the rule and refuse a locked lesson, which
-- private.raise_lesson_locked now words for both (CREATE OR REPLACE keeps their grants and comments);
-- is_lesson_unlocked keeps its answer (available, for an enrolled learner).
-- ============================================================================================================

create function private.lesson_lock(target_lesson uuid)
 returns table (available boolean, lock jsonb)
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
#variable_conflict use_column
declare
  viewer uuid := (select auth.uid());
  target record;
  is_member boolean;
  enrolled_at timestamptz;
  drip_from timestamptz;
  opens_at timestamptz;
  blocker_id uuid;
  blocker_title text;
begin
  select
    l.id, l.course_id, l.is_preview, l.position, s.position as section_position, s.release_at,
    s.release_offset_days, c.status, c.progression
  into target
  from public.lessons l
  join public.course_sections s on s.id = l.section_id
  join public.courses c on c.id = l.course_id
  where l.id = target_lesson;
  if not found then
    return;
  end if;

  is_member := private.is_course_member(target.course_id);
  -- The caller's enrollment, and where drip offsets count from: the cohort's start, or without a cohort enrolling.
  select e.enrolled_at, coalesce(co.starts_at, e.enrolled_at)
  into enrolled_at, drip_from
  from public.enrollments e
  left join public.cohorts co on co.id = e.cohort_id
  where e.course_id = target.course_id and e.user_id = viewer and e.status in ('active', 'completed');

  -- Nothing about a course the caller cannot read (a draft's lessons stay hidden from outsiders): no row.
  if not (target.status = 'published' or is_member or enrolled_at is not null) then
    return;
  end if;

  available := false;
  lock := null;
  if is_member then
    available := true;
  elsif target.is_preview and target.status = 'published' then
    available := true;
  elsif enrolled_at is null then
    lock := jsonb_build_object('reason', 'enroll');
  else
    -- Drip: the later of a fixed date and the learner's offset (greatest ignores nulls).
    opens_at := greatest(target.release_at, drip_from + make_interval(days => target.release_offset_days));
    if opens_at > now() then
      lock := jsonb_build_object('reason', 'release', 'opens_at', opens_at);
    elsif target.progression = 'sequential' then
      -- Sequential courses open a lesson once every earlier one is completed: the first incomplete one blocks it.
      select l.id, l.title into blocker_id, blocker_title
      from public.lessons l
      join public.course_sections s on s.id = l.section_id
      left join public.lesson_progress p on p.lesson_id = l.id and p.user_id = viewer
      where l.course_id = target.course_id
        and (s.position, l.position) < (target.section_position, target.position)
        and p.status is distinct from 'completed'
      order by s.position, l.position
      limit 1;
      if blocker_id is not null then
        lock := jsonb_build_object('reason', 'sequence', 'lesson_id', blocker_id, 'lesson_title', blocker_title);
      else
        available := true;
      end if;
    else
      available := true;
    end if;
  end if;
  return next;
end;
$function$;

comment on function private.lesson_lock(target_lesson uuid) is 'The lesson-lock rule for one lesson and the requesting user as they are (no preview): whether they may open it and, if not, why (enroll, release, sequence), as private.lesson_availability answers it for that lesson; no row for a lesson of a course they cannot read. save_progress, start_quiz_attempt and is_lesson_unlocked ask it.';

-- Only definer functions call it (they run as its owner): no API role needs it.
revoke all on function private.lesson_lock(uuid) from public, anon, authenticated;

create or replace function private.is_lesson_unlocked(target_lesson uuid)
 returns boolean
 language plpgsql
 stable security definer
 set search_path = ''
as $function$
begin
  return (
    select coalesce(
      (
        select a.available
        from public.lessons l
        cross join lateral private.lesson_lock(l.id) a
        -- Unlocked is an enrolled learner's notion: members and preview visitors have policies of their own.
        where l.id = target_lesson and private.is_enrolled(l.course_id)
      ),
      false
    )
  );
end;
$function$;

comment on function private.is_lesson_unlocked(target_lesson uuid) is 'True when the requesting enrolled learner may open the lesson, as the one lock rule says (private.lesson_lock, lesson_availability''s answer for that lesson).';

comment on function private.lesson_availability(target_course uuid) is 'The lesson-lock rule for the requesting user as they are (no preview), for every lesson of a course: private.lesson_availability(course, false). One lesson''s answer is private.lesson_lock''s, which save_progress, start_quiz_attempt and is_lesson_unlocked (the content, video-check and media policies) ask.';

-- The refusal both callers gave in words of their own, written once: lesson_locked (403) with the lock and a sentence
-- naming what is locked ('lesson' or 'quiz').
create function private.raise_lesson_locked(lock jsonb, what text)
 returns void
 language plpgsql
 set search_path = ''
as $function$
begin
  perform private.raise_api_error(
    'lesson_locked',
    case lock ->> 'reason'
      when 'release' then
        'This ' || what || ' opens on ' || to_char((lock ->> 'opens_at')::timestamptz, 'FMMonth FMDD, YYYY') || '.'
      when 'sequence' then 'Finish "' || (lock ->> 'lesson_title') || '" first.'
      else 'This ' || what || ' is locked.'
    end,
    403, jsonb_build_object('lock', lock)
  );
end;
$function$;

comment on function private.raise_lesson_locked(lock jsonb, what text) is 'Raises lesson_locked (403, details {lock}) with a sentence for the lock''s reason naming what is locked (''lesson'' or ''quiz''): opens on a date, finish a lesson first, or locked. save_progress and start_quiz_attempt call it.';

revoke all on function private.raise_lesson_locked(jsonb, text) from public, anon, authenticated;

create or replace function public.save_progress(lesson_id uuid, position_s integer, watched_s integer, completed boolean DEFAULT NULL::boolean, observed_at timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  viewer uuid := (select auth.uid());
  target record;
  state record;
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
  select a.available, a.lock into state from private.lesson_lock(target.id) a;
  if not coalesce(state.available, false) then
    perform private.raise_lesson_locked(state.lock, 'lesson');
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
$function$;

create or replace function public.start_quiz_attempt(p_lesson_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  viewer uuid := private.require_signed_in('take this quiz');
  quiz public.lessons := private.readable_quiz_lesson(p_lesson_id);
  settings public.quiz_settings;
  state record;
  standing jsonb;
  attempt public.quiz_attempts;
  drawn uuid[];
  orders jsonb;
  total numeric;
begin
  -- Serialises this learner's starts in the course (two tabs pressing Start at once get one attempt).
  perform 1 from public.enrollments e
  where e.course_id = quiz.course_id and e.user_id = viewer and e.status in ('active', 'completed')
  for update;
  if not found then
    perform private.raise_api_error('forbidden', 'Enroll in this course to take its quiz.', 403);
  end if;

  select a.available, a.lock into state from private.lesson_lock(quiz.id) a;
  if not coalesce(state.available, false) then
    perform private.raise_lesson_locked(state.lock, 'quiz');
  end if;

  perform private.close_expired_quiz_attempts(quiz.id, viewer);

  select * into attempt from public.quiz_attempts a
  where a.lesson_id = quiz.id and a.user_id = viewer and a.submitted_at is null;
  if found then
    return private.quiz_attempt_payload(attempt);
  end if;

  select * into settings from public.quiz_settings s where s.lesson_id = quiz.id;
  standing := private.quiz_standing(quiz.id, viewer);
  if (standing ->> 'attempts_left')::integer = 0 then
    perform private.raise_api_error(
      'attempts_exhausted', 'You have used every attempt at this quiz.', 409,
      jsonb_build_object('next_attempt_at', null)
    );
  end if;
  if standing ->> 'next_attempt_at' is not null then
    perform private.raise_api_error(
      'attempts_exhausted',
      'Your next attempt opens at ' || to_char((standing ->> 'next_attempt_at')::timestamptz at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC.',
      409, jsonb_build_object('next_attempt_at', standing -> 'next_attempt_at')
    );
  end if;

  -- The draw: the fixed questions in order, then draw_count more at random from the tags; only questions with a
  -- key take part. Shuffled afterwards when the settings say so.
  with fixed as (
    select f.id, f.position::double precision as position
    from unnest(settings.question_ids) with ordinality as f(id, position)
    where exists (select 1 from public.quiz_question_keys k where k.question_id = f.id)
  ),
  pool as (
    select q.id, 1000 + row_number() over (order by random())::double precision as position
    from public.quiz_questions q
    where q.course_id = quiz.course_id
      and settings.draw_count is not null
      and not (q.id = any(settings.question_ids))
      and (cardinality(settings.draw_tags) = 0 or q.tags && settings.draw_tags)
      and exists (select 1 from public.quiz_question_keys k where k.question_id = q.id)
    order by random()
    limit coalesce(settings.draw_count, 0)
  ),
  chosen as (
    select * from fixed union all select * from pool
  )
  select array_agg(c.id order by case when settings.shuffle_questions then random() else c.position end)
  into drawn
  from chosen c;

  if drawn is null then
    perform private.raise_unless_valid(jsonb_build_object('lesson_id', 'This quiz has no questions yet.'));
  end if;

  select
    jsonb_object_agg(q.id, (
      select coalesce(jsonb_agg(o.value -> 'id' order by
        case when settings.shuffle_options and q.kind in ('single', 'multiple') then random() else o.position end
      ), '[]')
      from jsonb_array_elements(q.options) with ordinality as o(value, position)
    )),
    sum(q.points)
  into orders, total
  from public.quiz_questions q where q.id = any(drawn);

  insert into public.quiz_attempts (
    user_id, lesson_id, course_id, number, question_ids, option_orders, deadline, max_score
  )
  values (
    viewer, quiz.id, quiz.course_id, (standing ->> 'attempts_used')::integer + 1, drawn, orders,
    case when settings.time_limit_minutes is not null then now() + make_interval(mins => settings.time_limit_minutes) end,
    total
  )
  returning * into attempt;

  -- Opening a quiz counts as starting the lesson (in progress), as opening any lesson does.
  if not exists (select 1 from public.lesson_progress p where p.user_id = viewer and p.lesson_id = quiz.id) then
    perform private.write_lesson_progress(viewer, quiz.id, null, 0, null, null, false);
  end if;

  return private.quiz_attempt_payload(attempt);
end;
$function$;
