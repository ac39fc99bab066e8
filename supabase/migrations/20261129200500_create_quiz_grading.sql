-- ============================================================================================================
-- Grading, written once (M5): what a well-formed answer is, how each kind of question is graded, and grading a
-- whole attempt. The quiz calls (20261129200600) and the reads that close an attempt left open past its deadline
-- use these; nothing here is callable by clients.
--   * answers: single and true_false {"option": id}; multiple {"options": [ids]} (distinct ids of the question's
--     options, possibly none); short_answer {"text"} (at most 500 characters); numeric {"value": number};
--   * single and true_false: all the points for the right option, else none;
--   * multiple (partial credit): points x max(0, (right options picked - wrong options picked) / right options),
--     rounded to 2 decimals, so guessing every option earns nothing; "correct" only for exactly the right set;
--   * short_answer: right when the normalised answer equals a normalised accepted answer
--     (private.normalize_short_answer: NFC, lower case, trimmed, inner whitespace runs as one space);
--   * numeric: right when |value - numeric_answer| <= tolerance;
--   * percent = 100 x score / max_score (2 decimals); passed when percent >= the pass mark.
-- A graded attempt keeps its results ({question_id: {points, max, correct}}): later edits of the bank do not
-- regrade it. Passing completes the quiz lesson through private.write_lesson_progress (20261129200400).
-- ============================================================================================================

create function private.quiz_answer_problem(kind text, options jsonb, answer jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(answer) is distinct from 'object' then 'An answer is a JSON object.'
    when kind in ('single', 'true_false') then case
      when (select array_agg(k order by k) from jsonb_object_keys(answer) k) <> array['option']
        or jsonb_typeof(answer -> 'option') <> 'string'
        then 'Answer with {"option": "<option id>"}.'
      when not exists (select 1 from jsonb_array_elements(options) o where o ->> 'id' = answer ->> 'option')
        then 'Pick one of the question''s options.'
    end
    when kind = 'multiple' then case
      when (select array_agg(k order by k) from jsonb_object_keys(answer) k) <> array['options']
        or jsonb_typeof(answer -> 'options') <> 'array'
        or exists (select 1 from jsonb_array_elements(answer -> 'options') p where jsonb_typeof(p) <> 'string')
        then 'Answer with {"options": ["<option id>", ...]}.'
      when (select count(distinct p) from jsonb_array_elements_text(answer -> 'options') p)
          <> jsonb_array_length(answer -> 'options')
        then 'Pick each option at most once.'
      when exists (
        select 1 from jsonb_array_elements_text(answer -> 'options') p
        where not exists (select 1 from jsonb_array_elements(options) o where o ->> 'id' = p)
      ) then 'Pick only the question''s options.'
    end
    when kind = 'short_answer' then case
      when (select array_agg(k order by k) from jsonb_object_keys(answer) k) <> array['text']
        or jsonb_typeof(answer -> 'text') <> 'string'
        then 'Answer with {"text": "..."}.'
      when char_length(answer ->> 'text') > 500 then 'Answer in at most 500 characters.'
    end
    when kind = 'numeric' then case
      when (select array_agg(k order by k) from jsonb_object_keys(answer) k) <> array['value']
        or jsonb_typeof(answer -> 'value') <> 'number'
        then 'Answer with {"value": <a number>}.'
      when abs((answer ->> 'value')::numeric) > 1e15 then 'Answer with a number below 10^15.'
    end
    else 'This question cannot be answered.'
  end;
$$;

comment on function private.quiz_answer_problem(text, jsonb, jsonb) is
  'Why an answer is malformed for a question of this kind and options (null when it is well formed). Says nothing about the key.';

create function private.grade_quiz_answer(question public.quiz_questions, key public.quiz_question_keys, answer jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  picked text[];
  right_picked integer;
  wrong_picked integer;
  earned numeric := 0;
  is_correct boolean := false;
begin
  -- No key (a question still being written) or an answer that no longer fits an edited question: no points.
  if key.question_id is not null and answer is not null
    and private.quiz_answer_problem(question.kind, question.options, answer) is null then
    case question.kind
      when 'single', 'true_false' then
        is_correct := (answer ->> 'option') = key.correct_options[1];
        earned := case when is_correct then question.points else 0 end;
      when 'multiple' then
        picked := array(select jsonb_array_elements_text(answer -> 'options'));
        right_picked := (select count(*) from unnest(picked) p where p = any(key.correct_options));
        wrong_picked := cardinality(picked) - right_picked;
        earned := round(question.points * greatest(0, (right_picked - wrong_picked)::numeric / cardinality(key.correct_options)), 2);
        is_correct := wrong_picked = 0 and right_picked = cardinality(key.correct_options);
      when 'short_answer' then
        is_correct := exists (
          select 1 from unnest(key.accepted_answers) a
          where private.normalize_short_answer(a) = private.normalize_short_answer(answer ->> 'text')
        );
        earned := case when is_correct then question.points else 0 end;
      when 'numeric' then
        is_correct := abs((answer ->> 'value')::numeric - key.numeric_answer) <= key.tolerance;
        earned := case when is_correct then question.points else 0 end;
    end case;
  end if;
  return jsonb_build_object('points', earned, 'max', question.points, 'correct', is_correct);
end;
$$;

comment on function private.grade_quiz_answer(public.quiz_questions, public.quiz_question_keys, jsonb) is
  'Grades one answer against the key: {"points", "max", "correct"} (the rules in this migration''s header).';

-- ------------------------------------------------------------------------------------------------------------
-- Where a learner stands on a quiz
-- ------------------------------------------------------------------------------------------------------------

create function private.quiz_standing(target_lesson uuid, learner uuid)
returns jsonb
language sql
stable
-- Definer: reads the learner's attempts and grants whoever asks (callers decide who may ask about whom).
security definer
set search_path = ''
as $$
  with settings as (
    select s.* from public.quiz_settings s where s.lesson_id = target_lesson
  ),
  mine as (
    select a.* from public.quiz_attempts a where a.lesson_id = target_lesson and a.user_id = learner
  ),
  counts as (
    select
      (select count(*) from mine)::integer as used,
      (select s.attempts_allowed + coalesce((
         select g.extra from public.quiz_attempt_grants g where g.lesson_id = target_lesson and g.user_id = learner
       ), 0) from settings s) as allowed,
      (select m.id from mine m where m.submitted_at is null) as open_id,
      (select max(m.submitted_at) from mine m) as last_submitted,
      (select m.percent from mine m where m.submitted_at is not null order by m.submitted_at desc, m.number desc limit 1)
        as latest_percent,
      (select m.passed from mine m where m.submitted_at is not null order by m.submitted_at desc, m.number desc limit 1)
        as latest_passed
  )
  select jsonb_build_object(
    'open_attempt_id', c.open_id,
    'attempts_used', c.used,
    'attempts_left', case when c.allowed is null then null else greatest(c.allowed - c.used, 0) end,
    'next_attempt_at', case
      when c.open_id is not null then null
      when c.allowed is not null and c.allowed - c.used <= 0 then null
      when c.last_submitted + make_interval(mins => s.cooldown_minutes) > now()
        then c.last_submitted + make_interval(mins => s.cooldown_minutes)
    end,
    'best_percent', case s.grading
      when 'latest' then c.latest_percent
      else (select max(m.percent) from mine m)
    end,
    'passed', coalesce(case s.grading
      when 'latest' then c.latest_passed
      else (select bool_or(m.passed) from mine m)
    end, false),
    'passed_ever', coalesce((select bool_or(m.passed) from mine m), false)
  )
  from settings s cross join counts c;
$$;

comment on function private.quiz_standing(uuid, uuid) is
  'A learner on a quiz: open_attempt_id, attempts_used, attempts_left (null: unlimited), next_attempt_at (cooldown), best_percent and passed by the grading rule (highest: best attempt; latest: last submitted), passed_ever.';

create function private.quiz_review_allowed(attempt public.quiz_attempts)
returns boolean
language sql
stable
-- Definer: as private.quiz_standing.
security definer
set search_path = ''
as $$
  select attempt.submitted_at is not null and s.review_policy <> 'score' and case s.review_when
    when 'immediately' then true
    when 'after_passing' then (private.quiz_standing(attempt.lesson_id, attempt.user_id) ->> 'passed_ever')::boolean
    when 'after_last_attempt' then (private.quiz_standing(attempt.lesson_id, attempt.user_id) ->> 'attempts_left')::integer = 0
    else false
  end
  from public.quiz_settings s where s.lesson_id = attempt.lesson_id;
$$;

comment on function private.quiz_review_allowed(public.quiz_attempts) is
  'Whether the learner may review a submitted attempt now: policy answers or full, and review_when (immediately; after_passing: they passed once; after_last_attempt: no attempt left).';

-- ------------------------------------------------------------------------------------------------------------
-- Questions as shown, and the review
-- ------------------------------------------------------------------------------------------------------------

create function private.quiz_question_json(question public.quiz_questions, option_order jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  -- The options in the attempt's order; an option added since the attempt started comes last.
  select jsonb_build_object(
    'id', question.id, 'kind', question.kind, 'prompt_md', question.prompt_md, 'points', question.points,
    'options', coalesce((
      select jsonb_agg(jsonb_build_object('id', o.value ->> 'id', 'text', o.value ->> 'text') order by coalesce(
        (select x.position from jsonb_array_elements_text(coalesce(option_order, '[]')) with ordinality as x(id, position)
         where x.id = o.value ->> 'id'),
        1000 + o.position
      ))
      from jsonb_array_elements(question.options) with ordinality as o(value, position)
    ), '[]')
  );
$$;

comment on function private.quiz_question_json(public.quiz_questions, jsonb) is
  'A question as a learner sees it (id, kind, prompt_md, points, options in the given order): never the key.';

create function private.quiz_review_json(attempt public.quiz_attempts, policy text)
returns jsonb
language sql
stable
-- Definer: reads the bank and, for the policy full, the keys, which learners cannot; callers decide the policy.
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'policy', policy,
    'questions', coalesce(jsonb_agg(
      private.quiz_question_json(q, attempt.option_orders -> q.id::text)
      || jsonb_build_object(
        'answer', attempt.answers -> q.id::text,
        'points_awarded', (attempt.results -> q.id::text -> 'points'),
        'correct', coalesce((attempt.results -> q.id::text ->> 'correct')::boolean, false)
      )
      || case when policy = 'full' then jsonb_build_object(
        'correct_options', to_jsonb(coalesce(k.correct_options, '{}')),
        'accepted_answers', to_jsonb(coalesce(k.accepted_answers, '{}')),
        'numeric_answer', k.numeric_answer,
        'tolerance', k.tolerance,
        'explanation_md', k.explanation_md
      ) else '{}'::jsonb end
      order by f.position
    ), '[]')
  )
  from unnest(attempt.question_ids) with ordinality as f(id, position)
  join public.quiz_questions q on q.id = f.id
  left join public.quiz_question_keys k on k.question_id = q.id;
$$;

comment on function private.quiz_review_json(public.quiz_attempts, text) is
  'An attempt''s review: {"policy", "questions": [{id, kind, prompt_md, points, options, answer, points_awarded, correct, and with policy full: correct_options, accepted_answers, numeric_answer, tolerance, explanation_md}]}.';

-- ------------------------------------------------------------------------------------------------------------
-- Grading an attempt
-- ------------------------------------------------------------------------------------------------------------

create function private.grade_quiz_attempt(target_attempt uuid, graded_at timestamptz)
returns public.quiz_attempts
language plpgsql
volatile
-- Definer: reads the keys and writes the attempt and (on a pass) the learner's progress, none of which the
-- caller may (a learner submitting, or anyone whose read closes an attempt left open past its deadline).
security definer
set search_path = ''
as $$
declare
  attempt public.quiz_attempts;
  graded jsonb;
  total numeric;
  maximum numeric;
  mark integer;
  pct numeric;
begin
  select * into attempt from public.quiz_attempts a where a.id = target_attempt for update;
  if not found or attempt.submitted_at is not null then
    return attempt;
  end if;

  select
    coalesce(jsonb_object_agg(q.id, private.grade_quiz_answer(q, k, attempt.answers -> q.id::text)), '{}')
  into graded
  from public.quiz_questions q
  left join public.quiz_question_keys k on k.question_id = q.id
  where q.id = any(attempt.question_ids);

  select coalesce(sum((g.value ->> 'points')::numeric), 0), coalesce(sum((g.value ->> 'max')::numeric), 0)
  into total, maximum
  from jsonb_each(graded) g;
  select s.pass_mark into mark from public.quiz_settings s where s.lesson_id = attempt.lesson_id;
  mark := coalesce(mark, 70);
  pct := case when maximum > 0 then round(100 * total / maximum, 2) else 0 end;

  update public.quiz_attempts a
  set submitted_at = graded_at, score = total, max_score = maximum, percent = pct, passed = pct >= mark,
      pass_mark = mark, results = graded
  where a.id = target_attempt
  returning * into attempt;

  -- Passing completes the lesson the way every completion happens (daily activity, enrollment, certificate and
  -- achievements follow), once, and only for a learner still in the course.
  if attempt.passed and exists (
    select 1 from public.enrollments e
    where e.course_id = attempt.course_id and e.user_id = attempt.user_id and e.status in ('active', 'completed')
  ) and not exists (
    select 1 from public.lesson_progress p
    where p.user_id = attempt.user_id and p.lesson_id = attempt.lesson_id and p.status = 'completed'
  ) then
    perform private.write_lesson_progress(attempt.user_id, attempt.lesson_id, null, 0, true, null, true);
  end if;
  return attempt;
end;
$$;

comment on function private.grade_quiz_attempt(uuid, timestamptz) is
  'Grades an open attempt as it stands (submitted_at = graded_at), stores score, max_score, percent, passed, pass_mark and results, and completes the quiz lesson on a pass. A submitted attempt is left as it is.';

create function private.close_expired_quiz_attempts(target_lesson uuid, learner uuid default null)
returns integer
language plpgsql
volatile
-- Definer: as private.grade_quiz_attempt.
security definer
set search_path = ''
as $$
declare
  expired uuid;
  closed integer := 0;
begin
  -- An attempt left open past its deadline is graded as it stood then, by the first read that finds it.
  for expired in
    select a.id from public.quiz_attempts a
    where a.lesson_id = target_lesson and a.submitted_at is null and a.deadline <= now()
      and (learner is null or a.user_id = learner)
    order by a.id
    for update skip locked
  loop
    perform private.grade_quiz_attempt(expired, (select a.deadline from public.quiz_attempts a where a.id = expired));
    closed := closed + 1;
  end loop;
  return closed;
end;
$$;

comment on function private.close_expired_quiz_attempts(uuid, uuid) is
  'Grades the quiz''s attempts (of one learner, or all) still open past their deadline, at their deadline; answers how many.';

revoke all on function private.quiz_answer_problem(text, jsonb, jsonb) from public, anon, authenticated;
revoke all on function private.grade_quiz_answer(public.quiz_questions, public.quiz_question_keys, jsonb) from public, anon, authenticated;
revoke all on function private.quiz_standing(uuid, uuid) from public, anon, authenticated;
revoke all on function private.quiz_review_allowed(public.quiz_attempts) from public, anon, authenticated;
revoke all on function private.quiz_question_json(public.quiz_questions, jsonb) from public, anon, authenticated;
revoke all on function private.quiz_review_json(public.quiz_attempts, text) from public, anon, authenticated;
revoke all on function private.grade_quiz_attempt(uuid, timestamptz) from public, anon, authenticated;
revoke all on function private.close_expired_quiz_attempts(uuid, uuid) from public, anon, authenticated;
