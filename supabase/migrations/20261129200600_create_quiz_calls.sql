-- ============================================================================================================
-- The learner's quiz calls and the instructor's grant (M5, PRODUCT.md §7), all security definer (the bank, keys
-- and attempts have no client write grants; every check is made here, for auth.uid() only):
--   * start_quiz_attempt(lesson): resumes the caller's open attempt or draws a new one on the server (fixed
--     questions in order, then draw_count at random from draw_tags; shuffled when the settings say so), stamps the
--     deadline. Refused: not_signed_in 401, course_not_found 404, forbidden 403 (not enrolled), lesson_locked 403,
--     attempts_exhausted 409 (none left, or the cooldown runs: details.next_attempt_at);
--   * save_quiz_answer(attempt, question, answer): last write wins; attempt_closed 409 after the deadline or the
--     submit; validation_failed 422 (fields.question_id: not in the attempt; fields.answer: malformed);
--   * save_quiz_attempt(attempt): grades in this transaction and answers the result with what review allows;
--     idempotent (a graded attempt answers its result; one left open past its deadline is graded at it);
--   * quiz_state(lesson), quiz_attempt_review(attempt): the player's reads (they close expired attempts first);
--   * grant_quiz_attempt(lesson, user, extra): staff (aal1) give a learner more attempts.
-- Error messages never name a right answer.
-- ============================================================================================================

-- The quiz lesson the caller names, if it is one of a course they can read (save_progress's rule).
create function private.readable_quiz_lesson(target_lesson uuid)
returns public.lessons
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found_lesson public.lessons;
begin
  select l.* into found_lesson
  from public.lessons l
  join public.courses c on c.id = l.course_id
  where l.id = target_lesson and l.kind = 'quiz'
    and (
      c.status = 'published'
      or private.is_course_member(c.id)
      or (c.status = 'archived' and private.is_enrolled(c.id))
    );
  if not found then
    perform private.raise_api_error('course_not_found', 'This quiz does not exist or is not open to you.', 404);
  end if;
  return found_lesson;
end;
$$;

comment on function private.readable_quiz_lesson(uuid) is
  'The named lesson when it is a quiz of a course the caller can read; else raises course_not_found (404).';

create function private.require_signed_in(doing text)
returns uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to ' || doing || '.', 401);
  end if;
  return (select auth.uid());
end;
$$;

comment on function private.require_signed_in(text) is 'The caller''s id, or raises not_signed_in (401) saying what they tried to do.';

create function private.quiz_attempt_payload(attempt public.quiz_attempts)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'attempt_id', attempt.id,
    'lesson_id', attempt.lesson_id,
    'number', attempt.number,
    'started_at', attempt.started_at,
    'deadline', attempt.deadline,
    'server_now', now(),
    'layout', (select s.layout from public.quiz_settings s where s.lesson_id = attempt.lesson_id),
    'questions', coalesce((
      select jsonb_agg(private.quiz_question_json(q, attempt.option_orders -> q.id::text) order by f.position)
      from unnest(attempt.question_ids) with ordinality as f(id, position)
      join public.quiz_questions q on q.id = f.id
    ), '[]'),
    'answers', attempt.answers
  );
$$;

comment on function private.quiz_attempt_payload(public.quiz_attempts) is
  'start_quiz_attempt''s answer for an open attempt: questions in order with their options in order, saved answers, deadline and the server''s clock. No key.';

create function private.quiz_attempt_result(attempt public.quiz_attempts)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'attempt_id', attempt.id,
    'score', attempt.score,
    'max_score', attempt.max_score,
    'percent', attempt.percent,
    'passed', attempt.passed,
    'pass_mark', attempt.pass_mark,
    'submitted_at', attempt.submitted_at,
    'attempts_left', st -> 'attempts_left',
    'next_attempt_at', st -> 'next_attempt_at',
    'review', case when private.quiz_review_allowed(attempt)
      then private.quiz_review_json(attempt, (select s.review_policy from public.quiz_settings s where s.lesson_id = attempt.lesson_id))
    end
  )
  from private.quiz_standing(attempt.lesson_id, attempt.user_id) as st;
$$;

comment on function private.quiz_attempt_result(public.quiz_attempts) is
  'save_quiz_attempt''s answer for a graded attempt: score, max_score, percent, passed, pass_mark, submitted_at, attempts_left, next_attempt_at and review (null unless the review policy allows it now).';

revoke all on function private.readable_quiz_lesson(uuid) from public, anon, authenticated;
revoke all on function private.require_signed_in(text) from public;
grant execute on function private.require_signed_in(text) to anon, authenticated;
revoke all on function private.quiz_attempt_payload(public.quiz_attempts) from public, anon, authenticated;
revoke all on function private.quiz_attempt_result(public.quiz_attempts) from public, anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- start_quiz_attempt
-- ------------------------------------------------------------------------------------------------------------

create function public.start_quiz_attempt(p_lesson_id uuid)
returns jsonb
language plpgsql
volatile
-- Definer: draws from the bank (staff-only) and writes the attempt (no client write grant).
security definer
set search_path = ''
as $$
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

  select a.available, a.lock into state
  from private.lesson_availability(quiz.course_id) a where a.lesson_id = quiz.id;
  if not coalesce(state.available, false) then
    perform private.raise_api_error(
      'lesson_locked',
      case state.lock ->> 'reason'
        when 'release' then 'This quiz opens on ' || to_char((state.lock ->> 'opens_at')::timestamptz, 'FMMonth FMDD, YYYY') || '.'
        when 'sequence' then 'Finish "' || (state.lock ->> 'lesson_title') || '" first.'
        else 'This quiz is locked.'
      end,
      403, jsonb_build_object('lock', state.lock)
    );
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
$$;

comment on function public.start_quiz_attempt(uuid) is
  'Resumes the caller''s open attempt at a quiz lesson or starts one (questions drawn and ordered by the server, deadline stamped): {attempt_id, lesson_id, number, started_at, deadline, server_now, layout, questions [{id, kind, prompt_md, points, options}], answers}. Errors: not_signed_in 401, course_not_found 404, forbidden 403, lesson_locked 403, attempts_exhausted 409 (details.next_attempt_at), validation_failed 422 (no questions).';

-- ------------------------------------------------------------------------------------------------------------
-- save_quiz_answer
-- ------------------------------------------------------------------------------------------------------------

create function public.save_quiz_answer(p_attempt_id uuid, p_question_id uuid, p_answer jsonb)
returns jsonb
language plpgsql
volatile
-- Definer: the attempt has no client write grant; only the caller's own open attempt is written.
security definer
set search_path = ''
as $$
declare
  viewer uuid := private.require_signed_in('answer this quiz');
  attempt public.quiz_attempts;
  question public.quiz_questions;
  problem text;
begin
  select * into attempt from public.quiz_attempts a
  where a.id = p_attempt_id and a.user_id = viewer
  for update;
  if not found then
    perform private.raise_api_error('forbidden', 'This is not an attempt of yours.', 403);
  end if;
  if attempt.submitted_at is not null then
    perform private.raise_api_error('attempt_closed', 'This attempt has been submitted; answers can no longer change.', 409);
  end if;
  if attempt.deadline is not null and attempt.deadline <= now() then
    perform private.raise_api_error('attempt_closed', 'Time is up for this attempt; answers can no longer change.', 409,
      jsonb_build_object('deadline', attempt.deadline));
  end if;

  if p_question_id is null or not (p_question_id = any(attempt.question_ids)) then
    perform private.raise_unless_valid(jsonb_build_object('question_id', 'This question is not part of this attempt.'));
  end if;
  select * into question from public.quiz_questions q where q.id = p_question_id;

  -- null (or JSON null) takes the answer back.
  if p_answer is null or p_answer = 'null'::jsonb then
    update public.quiz_attempts a set answers = a.answers - p_question_id::text where a.id = attempt.id;
  else
    problem := private.quiz_answer_problem(question.kind, question.options, p_answer);
    if problem is not null then
      perform private.raise_unless_valid(jsonb_build_object('answer', problem));
    end if;
    update public.quiz_attempts a
    set answers = a.answers || jsonb_build_object(p_question_id::text, p_answer)
    where a.id = attempt.id;
  end if;
  return jsonb_build_object('saved_at', now());
end;
$$;

comment on function public.save_quiz_answer(uuid, uuid, jsonb) is
  'Saves (last write wins) or, with null, clears the caller''s answer to one question of their open attempt: {saved_at}. Errors: not_signed_in 401, forbidden 403 (not their attempt), attempt_closed 409 (submitted, or past the deadline), validation_failed 422 (fields.question_id, fields.answer).';

-- ------------------------------------------------------------------------------------------------------------
-- save_quiz_attempt (submit)
-- ------------------------------------------------------------------------------------------------------------

create function public.save_quiz_attempt(p_attempt_id uuid)
returns jsonb
language plpgsql
volatile
-- Definer: grading reads the keys and writes the attempt and the learner's progress.
security definer
set search_path = ''
as $$
declare
  viewer uuid := private.require_signed_in('submit this quiz');
  attempt public.quiz_attempts;
begin
  select * into attempt from public.quiz_attempts a
  where a.id = p_attempt_id and a.user_id = viewer
  for update;
  if not found then
    perform private.raise_api_error('forbidden', 'This is not an attempt of yours.', 403);
  end if;
  if attempt.submitted_at is null then
    if not exists (
      select 1 from public.enrollments e
      where e.course_id = attempt.course_id and e.user_id = viewer and e.status in ('active', 'completed')
    ) then
      perform private.raise_api_error('forbidden', 'Enroll in this course to take its quiz.', 403);
    end if;
    -- Past the deadline it is graded as it stood then (saves after it were refused).
    attempt := private.grade_quiz_attempt(
      attempt.id, case when attempt.deadline <= now() then attempt.deadline else now() end
    );
  end if;
  return private.quiz_attempt_result(attempt);
end;
$$;

comment on function public.save_quiz_attempt(uuid) is
  'Submits the caller''s attempt: grades every question in this transaction, records score, percent and passed, completes the lesson on a pass, and answers {attempt_id, score, max_score, percent, passed, pass_mark, submitted_at, attempts_left, next_attempt_at, review}. Idempotent; an attempt past its deadline is graded as it stood at the deadline (submitted_at = deadline). Errors: not_signed_in 401, forbidden 403.';

-- ------------------------------------------------------------------------------------------------------------
-- quiz_state and quiz_attempt_review
-- ------------------------------------------------------------------------------------------------------------

create function public.quiz_state(p_lesson_id uuid)
returns jsonb
language plpgsql
volatile
-- Definer: closes expired attempts (writes) and reads the caller's attempts and grants.
security definer
set search_path = ''
as $$
declare
  viewer uuid := private.require_signed_in('see this quiz');
  quiz public.lessons := private.readable_quiz_lesson(p_lesson_id);
  settings public.quiz_settings;
  standing jsonb;
begin
  perform private.close_expired_quiz_attempts(quiz.id, viewer);
  select * into settings from public.quiz_settings s where s.lesson_id = quiz.id;
  standing := private.quiz_standing(quiz.id, viewer);
  return jsonb_build_object(
    'settings', jsonb_build_object(
      'pass_mark', settings.pass_mark, 'attempts_allowed', settings.attempts_allowed,
      'cooldown_minutes', settings.cooldown_minutes, 'time_limit_minutes', settings.time_limit_minutes,
      'grading', settings.grading, 'review_policy', settings.review_policy, 'review_when', settings.review_when,
      'layout', settings.layout, 'required', settings.required,
      'question_count', cardinality(settings.question_ids) + coalesce(settings.draw_count, 0)
    ),
    'open_attempt_id', standing -> 'open_attempt_id',
    'attempts', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', a.id, 'number', a.number, 'started_at', a.started_at, 'deadline', a.deadline,
        'submitted_at', a.submitted_at, 'score', a.score, 'max_score', a.max_score, 'percent', a.percent,
        'passed', a.passed, 'reviewable', private.quiz_review_allowed(a)
      ) order by a.number)
      from public.quiz_attempts a where a.lesson_id = quiz.id and a.user_id = viewer
    ), '[]'),
    'attempts_used', standing -> 'attempts_used',
    'attempts_left', standing -> 'attempts_left',
    'next_attempt_at', standing -> 'next_attempt_at',
    'best_percent', standing -> 'best_percent',
    'passed', standing -> 'passed'
  );
end;
$$;

comment on function public.quiz_state(uuid) is
  'The caller''s state on a quiz lesson (closing their attempts left open past the deadline first): settings, open_attempt_id, attempts [{id, number, started_at, deadline, submitted_at, score, max_score, percent, passed, reviewable}], attempts_used, attempts_left, next_attempt_at, best_percent, passed. Errors: not_signed_in 401, course_not_found 404.';

create function public.quiz_attempt_review(p_attempt_id uuid)
returns jsonb
language plpgsql
volatile
-- Definer: the review reads the keys, which only the policy (or being the course's staff) lets out.
security definer
set search_path = ''
as $$
declare
  viewer uuid := private.require_signed_in('review this attempt');
  attempt public.quiz_attempts;
begin
  select * into attempt from public.quiz_attempts a where a.id = p_attempt_id;
  if not found or (attempt.user_id <> viewer and not private.is_course_member(attempt.course_id)) then
    perform private.raise_api_error('forbidden', 'This attempt is not yours to review.', 403);
  end if;
  if attempt.submitted_at is null and attempt.deadline <= now() then
    attempt := private.grade_quiz_attempt(attempt.id, attempt.deadline);
  end if;
  -- The course's staff read every attempt's full review (an open one shows its answers so far).
  if attempt.user_id <> viewer then
    return private.quiz_review_json(attempt, 'full');
  end if;
  if not coalesce(private.quiz_review_allowed(attempt), false) then
    perform private.raise_api_error(
      'review_not_available', 'The review of this attempt is not open yet.', 403
    );
  end if;
  return private.quiz_review_json(attempt, (select s.review_policy from public.quiz_settings s where s.lesson_id = attempt.lesson_id));
end;
$$;

comment on function public.quiz_attempt_review(uuid) is
  'An attempt''s review as its review policy allows the learner now (answers: their answers and right/wrong; full: plus keys and explanations), or the full review for the course''s staff. Errors: not_signed_in 401, forbidden 403, review_not_available 403.';

-- ------------------------------------------------------------------------------------------------------------
-- grant_quiz_attempt
-- ------------------------------------------------------------------------------------------------------------

create function public.grant_quiz_attempt(p_lesson_id uuid, p_user_id uuid, p_extra integer default 1)
returns void
language plpgsql
volatile
-- Definer: grants have no client write grant; the caller must be staff of the quiz's course (aal1 is enough:
-- giving a learner another go is not destructive).
security definer
set search_path = ''
as $$
declare
  viewer uuid := private.require_signed_in('grant an attempt');
  quiz public.lessons;
begin
  select l.* into quiz from public.lessons l where l.id = p_lesson_id and l.kind = 'quiz';
  if not found or not private.is_course_member(quiz.course_id) then
    perform private.raise_api_error('forbidden', 'Only the course''s instructors can grant attempts.', 403);
  end if;
  perform private.raise_unless_valid(jsonb_strip_nulls(jsonb_build_object(
    'p_user_id', case when not exists (
        select 1 from public.enrollments e where e.course_id = quiz.course_id and e.user_id = p_user_id
      ) then 'Choose a learner of this course.' end,
    'p_extra', case when p_extra is null or p_extra not between 1 and 100 then 'Grant 1 to 100 attempts.' end
  )));
  insert into public.quiz_attempt_grants as g (lesson_id, course_id, user_id, extra, granted_by)
  values (quiz.id, quiz.course_id, p_user_id, p_extra, viewer)
  on conflict (lesson_id, user_id) do update
    set extra = least(g.extra + excluded.extra, 1000), granted_by = excluded.granted_by, granted_at = now();
end;
$$;

comment on function public.grant_quiz_attempt(uuid, uuid, integer) is
  'The course''s staff give a learner p_extra (1-100) more attempts at a quiz (aal1). Errors: not_signed_in 401, forbidden 403, validation_failed 422.';

revoke all on function public.start_quiz_attempt(uuid) from public;
revoke all on function public.save_quiz_answer(uuid, uuid, jsonb) from public;
revoke all on function public.save_quiz_attempt(uuid) from public;
revoke all on function public.quiz_state(uuid) from public;
revoke all on function public.quiz_attempt_review(uuid) from public;
revoke all on function public.grant_quiz_attempt(uuid, uuid, integer) from public;
-- anon may call them only to be told to sign in.
grant execute on function public.start_quiz_attempt(uuid) to anon, authenticated;
grant execute on function public.save_quiz_answer(uuid, uuid, jsonb) to anon, authenticated;
grant execute on function public.save_quiz_attempt(uuid) to anon, authenticated;
grant execute on function public.quiz_state(uuid) to anon, authenticated;
grant execute on function public.quiz_attempt_review(uuid) to anon, authenticated;
grant execute on function public.grant_quiz_attempt(uuid, uuid, integer) to anon, authenticated;
