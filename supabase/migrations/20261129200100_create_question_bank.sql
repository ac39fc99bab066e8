-- ============================================================================================================
-- A course's question bank (M5). Two tables, so that row-level security can keep the answer key from learners:
--   * quiz_questions: what a learner is shown (kind, markdown prompt, options, points, tags). Readable by the
--     course's staff (members of its school) only: learners get their attempt's questions through the quiz calls
--     (20261129200400), which hand out the prompt and options and nothing else;
--   * quiz_question_keys: the key (right options, accepted short answers, numeric answer and tolerance, the
--     explanation shown in review). Staff only, for every operation; never in the supabase_realtime publication.
-- The shapes are checked by the database: options per kind by a check constraint, the key against its question
-- by a constraint trigger at commit (a question and its key are written in one transaction by
-- save_quiz_question, or one after the other through the Data API). A question may exist without a key while it
-- is being written; it is not put into attempts until it has one.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- Shape rules, written once (the tables' checks and the import and save calls ask them)
-- ------------------------------------------------------------------------------------------------------------

create function private.quiz_question_problems(kind text, prompt_md text, options jsonb, points numeric, tags text[])
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'kind', case when kind is null or kind not in ('single', 'multiple', 'true_false', 'short_answer', 'numeric')
      then 'Choose single, multiple, true_false, short_answer or numeric.' end,
    'prompt_md', case when prompt_md is null or char_length(btrim(prompt_md)) = 0 or char_length(prompt_md) > 5000
      then 'Write a prompt of 1 to 5,000 characters.' end,
    'points', case when points is null or points <= 0 or points > 1000
      then 'Points must be more than 0 and at most 1,000.' end,
    'tags', case when tags is null or cardinality(tags) > 20 or exists (
        select 1 from unnest(tags) t where t is null or t <> btrim(t) or char_length(t) not between 1 and 40
      ) then 'Up to 20 tags of 1 to 40 characters, without surrounding spaces.' end,
    'options', case
      when kind in ('single', 'multiple') then case
        when jsonb_typeof(options) is distinct from 'array' or jsonb_array_length(options) not between 2 and 10
          then 'Give 2 to 10 options.'
        when exists (
          select 1 from jsonb_array_elements(options) o
          where jsonb_typeof(o) <> 'object'
            or (select count(*) from jsonb_object_keys(o)) <> 2
            or jsonb_typeof(o -> 'id') is distinct from 'string'
            or jsonb_typeof(o -> 'text') is distinct from 'string'
            or (o ->> 'id') !~ '^[A-Za-z0-9_-]{1,40}$'
            or char_length(btrim(o ->> 'text')) = 0 or char_length(o ->> 'text') > 1000
        ) then 'Each option is {"id", "text"}: an id of 1 to 40 letters, digits, - or _, and a text of 1 to 1,000 characters.'
        when (select count(distinct o ->> 'id') from jsonb_array_elements(options) o) <> jsonb_array_length(options)
          then 'Option ids must differ.'
      end
      when kind = 'true_false' then case
        when options is distinct from '[{"id": "true", "text": "True"}, {"id": "false", "text": "False"}]'::jsonb
          then 'A true/false question has the options True and False.'
      end
      when kind in ('short_answer', 'numeric') then case
        when options is distinct from '[]'::jsonb then 'This kind of question has no options.'
      end
    end
  ));
$$;

comment on function private.quiz_question_problems(text, text, jsonb, numeric, text[]) is
  'What is wrong with a question''s visible part, as a validation_failed fields map ({} when nothing): kind, prompt_md (1-5,000), points (0-1,000], tags (<= 20, 1-40 characters), options per kind (2-10 {id, text} for single and multiple, True/False for true_false, none otherwise).';

-- ------------------------------------------------------------------------------------------------------------
-- Short answers compare normalised (the key's and the learner's alike)
-- ------------------------------------------------------------------------------------------------------------

create function private.normalize_short_answer(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- Unicode NFC, lower case, surrounding whitespace gone and inner runs of it one space.
  select regexp_replace(regexp_replace(lower(normalize(value, nfc)), '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g');
$$;

comment on function private.normalize_short_answer(text) is
  'A short answer as it is compared: NFC, lower-cased, trimmed, whitespace runs collapsed to one space.';

create function private.quiz_key_problems(
  kind text, options jsonb, correct_options text[], accepted_answers text[], numeric_answer numeric,
  tolerance numeric, explanation_md text
)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  with ids as (
    select array(select o ->> 'id' from jsonb_array_elements(case when jsonb_typeof(options) = 'array' then options else '[]' end) o) as ids
  )
  select jsonb_strip_nulls(jsonb_build_object(
    'correct_options', case
      when kind in ('single', 'true_false') and (
        cardinality(coalesce(correct_options, '{}')) <> 1 or not correct_options <@ (select i.ids from ids i)
      ) then 'Pick exactly one right option.'
      when kind = 'multiple' and (
        cardinality(coalesce(correct_options, '{}')) = 0 or not correct_options <@ (select i.ids from ids i)
        or cardinality(correct_options) <> (select count(distinct c) from unnest(correct_options) c)
      ) then 'Pick at least one right option (each once).'
      when kind in ('short_answer', 'numeric') and cardinality(coalesce(correct_options, '{}')) > 0
        then 'This kind of question has no options to pick.'
    end,
    'accepted_answers', case
      when kind = 'short_answer' and (
        cardinality(coalesce(accepted_answers, '{}')) not between 1 and 50
        or exists (
          select 1 from unnest(accepted_answers) a
          where a is null or private.normalize_short_answer(a) = '' or char_length(a) > 500
        )
      ) then 'Give 1 to 50 accepted answers of 1 to 500 characters.'
      when kind <> 'short_answer' and cardinality(coalesce(accepted_answers, '{}')) > 0
        then 'Only short answers have accepted answers.'
    end,
    'numeric_answer', case
      when kind = 'numeric' and numeric_answer is null then 'Give the right number.'
      when kind <> 'numeric' and numeric_answer is not null then 'Only numeric questions have a right number.'
    end,
    'tolerance', case when tolerance is null or tolerance < 0 then 'The tolerance is 0 or more.' end,
    'explanation_md', case when char_length(explanation_md) > 5000 then 'Explain in at most 5,000 characters.' end
  ));
$$;

comment on function private.quiz_key_problems(text, jsonb, text[], text[], numeric, numeric, text) is
  'What is wrong with a key for a question of this kind and options, as a fields map ({} when nothing): one right option for single and true_false, at least one for multiple, 1-50 accepted answers for short_answer, a number for numeric, tolerance >= 0, explanation <= 5,000.';

-- ------------------------------------------------------------------------------------------------------------
-- The tables
-- ------------------------------------------------------------------------------------------------------------

create table public.quiz_questions (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  kind text not null,
  prompt_md text not null,
  options jsonb not null default '[]',
  points numeric not null default 1,
  tags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint quiz_questions_id_course_key unique (id, course_id),
  constraint quiz_questions_shape check (private.quiz_question_problems(kind, prompt_md, options, points, tags) = '{}')
);

comment on table public.quiz_questions is
  'A course''s question bank (what a learner is shown). Staff only; learners get their attempt''s questions through the quiz calls. The key is in quiz_question_keys.';
comment on column public.quiz_questions.kind is 'single | multiple | true_false | short_answer | numeric.';
comment on column public.quiz_questions.prompt_md is 'The question, markdown, 1-5,000 characters.';
comment on column public.quiz_questions.options is
  'The choices, [{"id", "text"}]: 2-10 for single and multiple, [{"id":"true","text":"True"},{"id":"false","text":"False"}] for true_false, [] otherwise.';
comment on column public.quiz_questions.points is 'What the question is worth (> 0, <= 1,000).';
comment on column public.quiz_questions.tags is 'Labels for drawing questions at random (quiz_settings.draw_tags) and finding them.';

create index quiz_questions_course_id_idx on public.quiz_questions (course_id);
create index quiz_questions_tags_idx on public.quiz_questions using gin (tags);

create trigger quiz_questions_set_updated_at
  before update on public.quiz_questions
  for each row execute function private.set_updated_at();

create table public.quiz_question_keys (
  question_id uuid primary key references public.quiz_questions (id) on delete cascade,
  correct_options text[] not null default '{}',
  accepted_answers text[] not null default '{}',
  numeric_answer numeric,
  tolerance numeric not null default 0,
  explanation_md text
);

comment on table public.quiz_question_keys is
  'The answer key of a bank question: staff only (select, insert, update, delete), never published on Realtime; learners see it only through quiz_attempt_review when the quiz''s review policy allows.';
comment on column public.quiz_question_keys.correct_options is 'Ids of the right options: exactly one for single and true_false, at least one for multiple.';
comment on column public.quiz_question_keys.accepted_answers is 'Short answers accepted (compared after private.normalize_short_answer).';
comment on column public.quiz_question_keys.numeric_answer is 'The right number of a numeric question.';
comment on column public.quiz_question_keys.tolerance is 'A numeric answer within this distance of numeric_answer is right (>= 0).';
comment on column public.quiz_question_keys.explanation_md is 'Shown in review with the correct answers (review policy full).';

-- The key must fit its question, checked at commit so that a question and its key can change together.
create function private.check_quiz_key()
returns trigger
language plpgsql
-- Definer: the check reads the question and its key whatever the writer's policies show (they are staff anyway).
security definer
set search_path = ''
as $$
declare
  -- The question's id is new.id on quiz_questions and new.question_id on the keys.
  target_question uuid := (to_jsonb(new) ->> case when tg_table_name = 'quiz_questions' then 'id' else 'question_id' end)::uuid;
  problems jsonb;
begin
  select private.quiz_key_problems(
    q.kind, q.options, k.correct_options, k.accepted_answers, k.numeric_answer, k.tolerance, k.explanation_md
  ) into problems
  from public.quiz_questions q
  join public.quiz_question_keys k on k.question_id = q.id
  where q.id = target_question;
  if problems is not null and problems <> '{}' then
    raise exception 'The answer key does not fit the question: %',
      (select string_agg(k || ': ' || v, ' ' order by k) from jsonb_each_text(problems) as f(k, v))
      using errcode = 'check_violation', constraint = 'quiz_question_keys_fit';
  end if;
  return null;
end;
$$;

comment on function private.check_quiz_key() is
  'Constraint trigger: a question''s key fits the question (private.quiz_key_problems) at commit.';

create constraint trigger quiz_question_keys_fit
  after insert or update on public.quiz_question_keys
  deferrable initially deferred
  for each row execute function private.check_quiz_key();

create constraint trigger quiz_questions_key_fits
  after update of kind, options on public.quiz_questions
  deferrable initially deferred
  for each row execute function private.check_quiz_key();

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.quiz_questions enable row level security;
alter table public.quiz_question_keys enable row level security;

revoke all on public.quiz_questions, public.quiz_question_keys from anon, authenticated;
grant select, delete on public.quiz_questions to authenticated;
grant insert (course_id, kind, prompt_md, options, points, tags) on public.quiz_questions to authenticated;
grant update (kind, prompt_md, options, points, tags) on public.quiz_questions to authenticated;
grant select, delete on public.quiz_question_keys to authenticated;
grant insert (question_id, correct_options, accepted_answers, numeric_answer, tolerance, explanation_md)
  on public.quiz_question_keys to authenticated;
grant update (correct_options, accepted_answers, numeric_answer, tolerance, explanation_md)
  on public.quiz_question_keys to authenticated;

create policy quiz_questions_select_member on public.quiz_questions
  for select to authenticated
  using (private.is_course_member(course_id));
comment on policy quiz_questions_select_member on public.quiz_questions is 'The course''s staff (school members) read its bank.';

create policy quiz_questions_insert_member on public.quiz_questions
  for insert to authenticated
  with check (private.is_course_member(course_id));
comment on policy quiz_questions_insert_member on public.quiz_questions is 'The course''s staff add questions.';

create policy quiz_questions_update_member on public.quiz_questions
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id));
comment on policy quiz_questions_update_member on public.quiz_questions is 'The course''s staff edit questions.';

create policy quiz_questions_delete_member on public.quiz_questions
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy quiz_questions_delete_member on public.quiz_questions is
  'The course''s staff delete questions (refused while a quiz or an attempt uses one, 20261129200300).';

create function private.is_quiz_question_staff(target_question uuid)
returns boolean
language sql
stable
-- Definer: asked by the key's policies; the question's course is read whatever the caller may read.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.quiz_questions q where q.id = target_question and private.is_course_member(q.course_id)
  );
$$;

comment on function private.is_quiz_question_staff(uuid) is 'True when the requesting user is staff (school member) of the question''s course.';

revoke all on function private.is_quiz_question_staff(uuid) from public;
grant execute on function private.is_quiz_question_staff(uuid) to authenticated, service_role;

create policy quiz_question_keys_select_member on public.quiz_question_keys
  for select to authenticated
  using (private.is_quiz_question_staff(question_id));
comment on policy quiz_question_keys_select_member on public.quiz_question_keys is 'Only the course''s staff read keys.';

create policy quiz_question_keys_insert_member on public.quiz_question_keys
  for insert to authenticated
  with check (private.is_quiz_question_staff(question_id));
comment on policy quiz_question_keys_insert_member on public.quiz_question_keys is 'The course''s staff write keys.';

create policy quiz_question_keys_update_member on public.quiz_question_keys
  for update to authenticated
  using (private.is_quiz_question_staff(question_id))
  with check (private.is_quiz_question_staff(question_id));
comment on policy quiz_question_keys_update_member on public.quiz_question_keys is 'The course''s staff edit keys.';

create policy quiz_question_keys_delete_member on public.quiz_question_keys
  for delete to authenticated
  using (private.is_quiz_question_staff(question_id));
comment on policy quiz_question_keys_delete_member on public.quiz_question_keys is 'The course''s staff remove keys.';

grant execute on function private.normalize_short_answer(text) to authenticated, service_role;
grant execute on function private.quiz_question_problems(text, text, jsonb, numeric, text[]) to authenticated, service_role;
grant execute on function private.quiz_key_problems(text, jsonb, text[], text[], numeric, numeric, text) to authenticated, service_role;
