-- ============================================================================================================
-- In-video knowledge checks (M5): an author pins a bank question to a moment of a video lesson; the player pauses
-- there, the learner answers, the server grades it and says right or wrong with the explanation, and the video
-- goes on either way. They never block and never count for completion or certificates; they count in the quiz
-- item analysis (20261129201000). Answers are written by answer_video_check only (one per learner and check,
-- re-answering replaces it); the question reaches the learner through video_check_question, without its key.
-- ============================================================================================================

create table public.video_checks (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null,
  course_id uuid not null,
  at_s integer not null,
  question_id uuid not null,
  created_at timestamptz not null default now(),
  constraint video_checks_lesson_fkey foreign key (lesson_id, course_id)
    references public.lessons (id, course_id) on delete cascade,
  -- The bank question of the same course; a question pinned to a video stays in the bank.
  constraint video_checks_question_fkey foreign key (question_id, course_id)
    references public.quiz_questions (id, course_id) on delete restrict,
  constraint video_checks_moment_key unique (lesson_id, at_s),
  constraint video_checks_at_range check (at_s between 0 and 86400)
);

comment on table public.video_checks is
  'A bank question pinned to a moment (at_s) of a video lesson. Readable where the lesson''s content is (id, lesson_id, at_s; the question itself comes from video_check_question); written by the course''s staff.';

create index video_checks_lesson_id_idx on public.video_checks (lesson_id, course_id);
create index video_checks_question_id_idx on public.video_checks (question_id, course_id);
create index video_checks_course_id_idx on public.video_checks (course_id);

create function private.check_video_check_lesson()
returns trigger
language plpgsql
-- Definer: reads the lesson whatever the writer may read (they are staff, checked by the policies).
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.lessons l where l.id = new.lesson_id and l.kind = 'video') then
    raise exception 'Checks are pinned to video lessons.'
      using errcode = 'check_violation', constraint = 'video_checks_video_lesson';
  end if;
  return new;
end;
$$;

comment on function private.check_video_check_lesson() is 'Trigger: in-video checks belong to video lessons.';

create trigger video_checks_video_lesson
  before insert or update of lesson_id on public.video_checks
  for each row execute function private.check_video_check_lesson();

create table public.video_check_answers (
  check_id uuid not null references public.video_checks (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete cascade,
  answer jsonb not null,
  correct boolean not null,
  points numeric not null,
  answered_at timestamptz not null default now(),
  primary key (check_id, user_id)
);

comment on table public.video_check_answers is
  'A learner''s (last) answer to an in-video check, graded by answer_video_check. Own rows readable; the course''s staff read all of the course''s.';

create index video_check_answers_user_id_idx on public.video_check_answers (user_id);
create index video_check_answers_course_id_idx on public.video_check_answers (course_id);

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.video_checks enable row level security;
alter table public.video_check_answers enable row level security;

revoke all on public.video_checks, public.video_check_answers from anon, authenticated;
grant select on public.video_checks to anon, authenticated;
grant insert (lesson_id, course_id, at_s, question_id), update (at_s, question_id), delete
  on public.video_checks to authenticated;
grant select on public.video_check_answers to authenticated;

create policy video_checks_select_anon on public.video_checks
  for select to anon
  using (private.is_published_preview(lesson_id));
comment on policy video_checks_select_anon on public.video_checks is 'Visitors see the checks of preview lessons of published courses.';

create policy video_checks_select_authenticated on public.video_checks
  for select to authenticated
  using (
    private.is_published_preview(lesson_id)
    or private.is_course_member(course_id)
    or private.is_lesson_unlocked(lesson_id)
  );
comment on policy video_checks_select_authenticated on public.video_checks is
  'Where the lesson''s content is readable: previews, the school''s members, enrolled learners in unlocked lessons.';

create policy video_checks_insert_member on public.video_checks
  for insert to authenticated
  with check (private.is_course_member(course_id));
comment on policy video_checks_insert_member on public.video_checks is 'The course''s staff pin checks.';

create policy video_checks_update_member on public.video_checks
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id));
comment on policy video_checks_update_member on public.video_checks is 'The course''s staff move or change checks.';

create policy video_checks_delete_member on public.video_checks
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy video_checks_delete_member on public.video_checks is 'The course''s staff remove checks.';

create policy video_check_answers_select_authenticated on public.video_check_answers
  for select to authenticated
  using (user_id = (select auth.uid()) or private.is_course_member(course_id));
comment on policy video_check_answers_select_authenticated on public.video_check_answers is
  'Learners read their own answers; the course''s staff read the course''s.';

-- ------------------------------------------------------------------------------------------------------------
-- The calls
-- ------------------------------------------------------------------------------------------------------------

create function private.readable_video_check(target_check uuid)
returns public.video_checks
language plpgsql
stable
-- Definer: asks the content rule (as the video_checks select policy) for the caller.
security definer
set search_path = ''
as $$
declare
  found_check public.video_checks;
begin
  select v.* into found_check from public.video_checks v
  where v.id = target_check
    and (
      private.is_published_preview(v.lesson_id)
      or private.is_course_member(v.course_id)
      or private.is_lesson_unlocked(v.lesson_id)
    );
  if not found then
    perform private.raise_api_error('forbidden', 'This check is not open to you.', 403);
  end if;
  return found_check;
end;
$$;

comment on function private.readable_video_check(uuid) is 'The check when its lesson''s content is readable by the caller; else raises forbidden (403).';

revoke all on function private.readable_video_check(uuid) from public, anon, authenticated;

create function public.video_check_question(p_check_id uuid)
returns jsonb
language plpgsql
stable
-- Definer: the bank is staff-only; the prompt and options (never the key) are handed out here.
security definer
set search_path = ''
as $$
declare
  pinned public.video_checks := private.readable_video_check(p_check_id);
begin
  return (
    select jsonb_build_object('id', pinned.id, 'at_s', pinned.at_s, 'question', private.quiz_question_json(q, null) - 'points')
    from public.quiz_questions q where q.id = pinned.question_id
  );
end;
$$;

comment on function public.video_check_question(uuid) is
  'An in-video check''s question for someone who can read the lesson''s content: {id, at_s, question: {id, kind, prompt_md, options}}, no key. Errors: forbidden 403.';

create function public.answer_video_check(p_check_id uuid, p_answer jsonb)
returns jsonb
language plpgsql
volatile
-- Definer: reads the key and writes the answer (no client write grant).
security definer
set search_path = ''
as $$
declare
  viewer uuid := private.require_signed_in('answer this check');
  pinned public.video_checks := private.readable_video_check(p_check_id);
  question public.quiz_questions;
  key public.quiz_question_keys;
  problem text;
  graded jsonb;
begin
  select * into question from public.quiz_questions q where q.id = pinned.question_id;
  select * into key from public.quiz_question_keys k where k.question_id = pinned.question_id;
  problem := private.quiz_answer_problem(question.kind, question.options, p_answer);
  if problem is not null then
    perform private.raise_unless_valid(jsonb_build_object('answer', problem));
  end if;
  graded := private.grade_quiz_answer(question, key, p_answer);
  insert into public.video_check_answers as a (check_id, user_id, course_id, answer, correct, points)
  values (pinned.id, viewer, pinned.course_id, p_answer, (graded ->> 'correct')::boolean, (graded ->> 'points')::numeric)
  on conflict (check_id, user_id) do update
    set answer = excluded.answer, correct = excluded.correct, points = excluded.points, answered_at = now();
  return jsonb_build_object('correct', (graded ->> 'correct')::boolean, 'explanation_md', key.explanation_md);
end;
$$;

comment on function public.answer_video_check(uuid, jsonb) is
  'Grades the caller''s answer to an in-video check on the server and keeps it (re-answering replaces it): {correct, explanation_md}. Never blocks the video. Errors: not_signed_in 401, forbidden 403, validation_failed 422 (fields.answer).';

revoke all on function public.video_check_question(uuid) from public;
revoke all on function public.answer_video_check(uuid, jsonb) from public;
grant execute on function public.video_check_question(uuid) to anon, authenticated;
grant execute on function public.answer_video_check(uuid, jsonb) to anon, authenticated;
