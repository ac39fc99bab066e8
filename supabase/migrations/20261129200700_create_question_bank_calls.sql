-- ============================================================================================================
-- The studio's question bank calls (M5), for the course's staff (members of its school):
--   * save_quiz_question(course, question id or null, question): writes a question and its key in one
--     transaction (creating it, or editing it), validated as a whole: validation_failed with fields;
--   * import_quiz_questions(course, questions): all or nothing; fields keyed "<index>.<field>";
--   * duplicate_quiz_question(question): a copy (key included), answers the new id;
--   * quiz_preview(lesson): the quiz as a learner would get it, with the key, for "preview with the key".
-- Questions as JSON: {kind, prompt_md, options, points, tags, correct_options, accepted_answers, numeric_answer,
-- tolerance, explanation_md}.
-- ============================================================================================================

create function private.require_course_staff(target_course uuid, doing text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to ' || doing || '.', 401);
  end if;
  if target_course is null or not private.is_course_member(target_course) then
    perform private.raise_api_error('forbidden', 'Only the course''s instructors can ' || doing || '.', 403);
  end if;
end;
$$;

comment on function private.require_course_staff(uuid, text) is
  'Raises not_signed_in (401) or forbidden (403) unless the caller is staff (school member) of the course.';

create function private.quiz_question_json_problems(question jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems jsonb;
begin
  if jsonb_typeof(question) is distinct from 'object' then
    return jsonb_build_object('question', 'Each question is a JSON object.');
  end if;
  begin
    problems := private.quiz_question_problems(
      question ->> 'kind', question ->> 'prompt_md', coalesce(question -> 'options', '[]'),
      coalesce((question ->> 'points')::numeric, 1),
      coalesce(array(select jsonb_array_elements_text(question -> 'tags')), '{}')
    ) || private.quiz_key_problems(
      question ->> 'kind', coalesce(question -> 'options', '[]'),
      coalesce(array(select jsonb_array_elements_text(question -> 'correct_options')), '{}'),
      coalesce(array(select jsonb_array_elements_text(question -> 'accepted_answers')), '{}'),
      (question ->> 'numeric_answer')::numeric,
      coalesce((question ->> 'tolerance')::numeric, 0),
      question ->> 'explanation_md'
    );
  exception when others then
    -- A value of the wrong JSON type (points "ten", tags "a"): one message for the question.
    return jsonb_build_object('question', 'Points, tolerance and the right number are numbers; tags, options and answers are arrays.');
  end;
  return problems;
end;
$$;

comment on function private.quiz_question_json_problems(jsonb) is 'What is wrong with a question and its key given as JSON (fields map, {} when nothing).';

create function private.write_quiz_question(target_course uuid, target_question uuid, question jsonb)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  written uuid;
begin
  if target_question is null then
    insert into public.quiz_questions (course_id, kind, prompt_md, options, points, tags)
    values (
      target_course, question ->> 'kind', question ->> 'prompt_md', coalesce(question -> 'options', '[]'),
      coalesce((question ->> 'points')::numeric, 1), coalesce(array(select jsonb_array_elements_text(question -> 'tags')), '{}')
    )
    returning id into written;
  else
    update public.quiz_questions q
    set kind = question ->> 'kind', prompt_md = question ->> 'prompt_md', options = coalesce(question -> 'options', '[]'),
        points = coalesce((question ->> 'points')::numeric, 1),
        tags = coalesce(array(select jsonb_array_elements_text(question -> 'tags')), '{}')
    where q.id = target_question and q.course_id = target_course
    returning q.id into written;
  end if;
  insert into public.quiz_question_keys as k (question_id, correct_options, accepted_answers, numeric_answer, tolerance, explanation_md)
  values (
    written,
    coalesce(array(select jsonb_array_elements_text(question -> 'correct_options')), '{}'),
    coalesce(array(select jsonb_array_elements_text(question -> 'accepted_answers')), '{}'),
    (question ->> 'numeric_answer')::numeric, coalesce((question ->> 'tolerance')::numeric, 0),
    question ->> 'explanation_md'
  )
  on conflict (question_id) do update
    set correct_options = excluded.correct_options, accepted_answers = excluded.accepted_answers,
        numeric_answer = excluded.numeric_answer, tolerance = excluded.tolerance,
        explanation_md = excluded.explanation_md;
  return written;
end;
$$;

comment on function private.write_quiz_question(uuid, uuid, jsonb) is 'Inserts or updates a validated question and its key; answers its id (null: no such question in the course).';

revoke all on function private.require_course_staff(uuid, text) from public, anon;
grant execute on function private.require_course_staff(uuid, text) to authenticated;
revoke all on function private.quiz_question_json_problems(jsonb) from public, anon, authenticated;
revoke all on function private.write_quiz_question(uuid, uuid, jsonb) from public, anon, authenticated;

create function public.save_quiz_question(p_course_id uuid, p_question_id uuid, p_question jsonb)
returns uuid
language plpgsql
volatile
-- Definer: the question and its key are written together, after the staff check, whatever order the policies
-- would need.
security definer
set search_path = ''
as $$
declare
  written uuid;
begin
  perform private.require_course_staff(p_course_id, 'edit its question bank');
  perform private.raise_unless_valid(private.quiz_question_json_problems(p_question));
  written := private.write_quiz_question(p_course_id, p_question_id, p_question);
  if written is null then
    perform private.raise_unless_valid(jsonb_build_object('p_question_id', 'This question is not in the course''s bank.'));
  end if;
  return written;
end;
$$;

comment on function public.save_quiz_question(uuid, uuid, jsonb) is
  'Creates (p_question_id null) or edits a bank question and its key together: answers its id. Errors: not_signed_in 401, forbidden 403, validation_failed 422 (fields per question field).';

create function public.import_quiz_questions(p_course_id uuid, p_questions jsonb)
returns integer
language plpgsql
volatile
-- Definer: as save_quiz_question, for many questions at once.
security definer
set search_path = ''
as $$
declare
  fields jsonb := '{}';
  item record;
begin
  perform private.require_course_staff(p_course_id, 'import questions');
  if jsonb_typeof(p_questions) is distinct from 'array' or jsonb_array_length(p_questions) not between 1 and 500 then
    perform private.raise_unless_valid(jsonb_build_object('p_questions', 'Import 1 to 500 questions at a time.'));
  end if;
  for item in select value, ordinality - 1 as index from jsonb_array_elements(p_questions) with ordinality loop
    select fields || coalesce(jsonb_object_agg(item.index || '.' || p.key, p.value), '{}')
    into fields
    from jsonb_each(private.quiz_question_json_problems(item.value)) p;
  end loop;
  perform private.raise_unless_valid(fields);
  for item in select value from jsonb_array_elements(p_questions) loop
    perform private.write_quiz_question(p_course_id, null, item.value);
  end loop;
  return jsonb_array_length(p_questions);
end;
$$;

comment on function public.import_quiz_questions(uuid, jsonb) is
  'Imports questions with their keys into the course''s bank, all or nothing; answers how many. Errors: not_signed_in 401, forbidden 403, validation_failed 422 (fields "<index>.<field>").';

create function public.duplicate_quiz_question(p_question_id uuid)
returns uuid
language plpgsql
volatile
-- Definer: copies the key too, which is written by the database here.
security definer
set search_path = ''
as $$
declare
  original public.quiz_questions;
  copy uuid;
begin
  select * into original from public.quiz_questions q where q.id = p_question_id;
  perform private.require_course_staff(original.course_id, 'duplicate its questions');
  insert into public.quiz_questions (course_id, kind, prompt_md, options, points, tags)
  values (original.course_id, original.kind, original.prompt_md, original.options, original.points, original.tags)
  returning id into copy;
  insert into public.quiz_question_keys (question_id, correct_options, accepted_answers, numeric_answer, tolerance, explanation_md)
  select copy, k.correct_options, k.accepted_answers, k.numeric_answer, k.tolerance, k.explanation_md
  from public.quiz_question_keys k where k.question_id = original.id;
  return copy;
end;
$$;

comment on function public.duplicate_quiz_question(uuid) is
  'Copies a bank question and its key in the same course; answers the copy''s id. Errors: not_signed_in 401, forbidden 403 (also for unknown questions).';

create function public.quiz_preview(p_lesson_id uuid)
returns jsonb
language plpgsql
stable
-- Definer: reads the keys, for the course's staff only.
security definer
set search_path = ''
as $$
declare
  quiz public.lessons;
  settings public.quiz_settings;
begin
  select l.* into quiz from public.lessons l where l.id = p_lesson_id and l.kind = 'quiz';
  perform private.require_course_staff(quiz.course_id, 'preview this quiz');
  select * into settings from public.quiz_settings s where s.lesson_id = quiz.id;
  return jsonb_build_object(
    'lesson_id', quiz.id,
    'layout', settings.layout,
    'time_limit_minutes', settings.time_limit_minutes,
    'pass_mark', settings.pass_mark,
    'draw_count', settings.draw_count,
    'draw_tags', to_jsonb(settings.draw_tags),
    -- How many bank questions a draw can pick from (with a key, not fixed, matching the tags).
    'pool_size', (
      select count(*) from public.quiz_questions q
      where q.course_id = quiz.course_id and not (q.id = any(settings.question_ids))
        and (cardinality(settings.draw_tags) = 0 or q.tags && settings.draw_tags)
        and exists (select 1 from public.quiz_question_keys k where k.question_id = q.id)
    ),
    'questions', coalesce((
      select jsonb_agg(
        private.quiz_question_json(q, null) || jsonb_build_object(
          'drawn', c.drawn,
          'has_key', k.question_id is not null,
          'correct_options', to_jsonb(coalesce(k.correct_options, '{}')),
          'accepted_answers', to_jsonb(coalesce(k.accepted_answers, '{}')),
          'numeric_answer', k.numeric_answer, 'tolerance', k.tolerance, 'explanation_md', k.explanation_md
        ) order by c.position
      )
      from (
        select f.id, f.position::double precision as position, false as drawn
        from unnest(settings.question_ids) with ordinality as f(id, position)
        union all
        select d.id, 1000 + row_number() over (order by random()), true
        from (
          select q.id from public.quiz_questions q
          where settings.draw_count is not null and q.course_id = quiz.course_id
            and not (q.id = any(settings.question_ids))
            and (cardinality(settings.draw_tags) = 0 or q.tags && settings.draw_tags)
            and exists (select 1 from public.quiz_question_keys k2 where k2.question_id = q.id)
          order by random() limit coalesce(settings.draw_count, 0)
        ) d
      ) c
      join public.quiz_questions q on q.id = c.id
      left join public.quiz_question_keys k on k.question_id = q.id
    ), '[]')
  );
end;
$$;

comment on function public.quiz_preview(uuid) is
  'For the course''s staff: the quiz as a learner would get it (fixed questions, then a sample draw marked drawn) with each key, has_key, pool_size. Errors: not_signed_in 401, forbidden 403.';

revoke all on function public.save_quiz_question(uuid, uuid, jsonb) from public;
revoke all on function public.import_quiz_questions(uuid, jsonb) from public;
revoke all on function public.duplicate_quiz_question(uuid) from public;
revoke all on function public.quiz_preview(uuid) from public;
grant execute on function public.save_quiz_question(uuid, uuid, jsonb) to anon, authenticated;
grant execute on function public.import_quiz_questions(uuid, jsonb) to anon, authenticated;
grant execute on function public.duplicate_quiz_question(uuid) to anon, authenticated;
grant execute on function public.quiz_preview(uuid) to anon, authenticated;
