-- ============================================================================================================
-- Quiz attempts (M5): a learner's go at a quiz lesson, with the questions drawn and ordered for it by the server,
-- their answers as saved, and once submitted its grade. Written only by the quiz calls (20261129200400): clients
-- have no insert, update or delete. Learners read their own rows except `results` (which question was right is a
-- piece of the key when review does not allow it yet: results reach them through quiz_attempt_review only); the
-- course's staff read their learners' attempts. Extra attempts instructors grant are in quiz_attempt_grants.
-- A question an attempt or a quiz uses cannot be deleted from the bank (editing it keeps graded attempts as they
-- were: their results are stored).
-- ============================================================================================================

create table public.quiz_attempts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  lesson_id uuid not null,
  course_id uuid not null,
  number integer not null,
  question_ids uuid[] not null,
  option_orders jsonb not null default '{}',
  answers jsonb not null default '{}',
  started_at timestamptz not null default now(),
  deadline timestamptz,
  submitted_at timestamptz,
  score numeric,
  max_score numeric not null,
  percent numeric(5, 2),
  passed boolean,
  pass_mark integer,
  results jsonb,
  constraint quiz_attempts_lesson_fkey foreign key (lesson_id, course_id)
    references public.lessons (id, course_id) on delete cascade,
  constraint quiz_attempts_number_key unique (user_id, lesson_id, number),
  constraint quiz_attempts_number_positive check (number >= 1),
  constraint quiz_attempts_has_questions check (cardinality(question_ids) >= 1),
  constraint quiz_attempts_graded_when_submitted check (
    (submitted_at is null) = (score is null) and (submitted_at is null) = (percent is null)
    and (submitted_at is null) = (passed is null) and (submitted_at is null) = (results is null)
  ),
  constraint quiz_attempts_percent_range check (percent between 0 and 100)
);

comment on table public.quiz_attempts is
  'A learner''s attempt at a quiz lesson: drawn questions in order, option orders, answers (last write wins), deadline, and once submitted score, percent, passed and per-question results. Written only by the quiz calls.';
comment on column public.quiz_attempts.number is 'The learner''s 1st, 2nd, ... attempt at this quiz.';
comment on column public.quiz_attempts.question_ids is 'The questions drawn for this attempt, in the order shown.';
comment on column public.quiz_attempts.option_orders is '{question_id: [option ids in the order shown]}.';
comment on column public.quiz_attempts.answers is '{question_id: answer} as last saved ({"option"}, {"options"}, {"text"}, {"value"}).';
comment on column public.quiz_attempts.deadline is 'started_at + the time limit; null without one. Answers after it are refused; an attempt open past it is graded as it stood.';
comment on column public.quiz_attempts.max_score is 'Sum of the drawn questions'' points when the attempt started.';
comment on column public.quiz_attempts.percent is '100 x score / max_score, two decimals.';
comment on column public.quiz_attempts.pass_mark is 'The quiz''s pass mark when the attempt was graded.';
comment on column public.quiz_attempts.results is
  '{question_id: {"points", "max", "correct"}}: not readable by learners through the Data API (quiz_attempt_review gives what review allows).';

-- One open attempt per learner and quiz: a second start resumes it.
create unique index quiz_attempts_one_open_idx on public.quiz_attempts (user_id, lesson_id) where submitted_at is null;
create index quiz_attempts_lesson_id_idx on public.quiz_attempts (lesson_id, course_id);
create index quiz_attempts_course_id_idx on public.quiz_attempts (course_id);
create index quiz_attempts_expiring_idx on public.quiz_attempts (lesson_id, deadline) where submitted_at is null;
create index quiz_attempts_question_ids_idx on public.quiz_attempts using gin (question_ids);

create table public.quiz_attempt_grants (
  lesson_id uuid not null,
  course_id uuid not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  extra integer not null,
  granted_by uuid references public.profiles (id) on delete set null,
  granted_at timestamptz not null default now(),
  primary key (lesson_id, user_id),
  constraint quiz_attempt_grants_lesson_fkey foreign key (lesson_id, course_id)
    references public.lessons (id, course_id) on delete cascade,
  constraint quiz_attempt_grants_extra_positive check (extra between 1 and 1000)
);

comment on table public.quiz_attempt_grants is
  'Extra attempts an instructor granted a learner on a quiz (added to attempts_allowed); written by grant_quiz_attempt.';

create index quiz_attempt_grants_user_id_idx on public.quiz_attempt_grants (user_id);
create index quiz_attempt_grants_course_id_idx on public.quiz_attempt_grants (course_id);
create index quiz_attempt_grants_granted_by_idx on public.quiz_attempt_grants (granted_by);

-- ------------------------------------------------------------------------------------------------------------
-- Questions in use stay in the bank
-- ------------------------------------------------------------------------------------------------------------

create function private.guard_quiz_question_delete()
returns trigger
language plpgsql
-- Definer: attempts and settings of every learner and quiz are looked at, whatever the deleting staff may read.
security definer
set search_path = ''
as $$
begin
  -- A course being deleted takes its bank, quizzes and attempts with it.
  if not exists (select 1 from public.courses c where c.id = old.course_id) then
    return old;
  end if;
  if exists (select 1 from public.quiz_attempts a where a.question_ids @> array[old.id])
    or exists (select 1 from public.quiz_settings s where s.question_ids @> array[old.id]) then
    raise exception 'This question is used by a quiz or an attempt; remove it from the quiz instead.'
      using errcode = 'foreign_key_violation', constraint = 'quiz_questions_in_use';
  end if;
  return old;
end;
$$;

comment on function private.guard_quiz_question_delete() is
  'Trigger: refuses (23503) deleting a bank question that a quiz''s fixed list or any attempt uses.';

create trigger quiz_questions_guard_delete
  before delete on public.quiz_questions
  for each row execute function private.guard_quiz_question_delete();

create index quiz_settings_question_ids_idx on public.quiz_settings using gin (question_ids);

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.quiz_attempts enable row level security;
alter table public.quiz_attempt_grants enable row level security;

revoke all on public.quiz_attempts, public.quiz_attempt_grants from anon, authenticated;
-- Every column but results (see its comment).
grant select (
  id, user_id, lesson_id, course_id, number, question_ids, option_orders, answers, started_at, deadline,
  submitted_at, score, max_score, percent, passed, pass_mark
) on public.quiz_attempts to authenticated;
grant select on public.quiz_attempt_grants to authenticated;

create policy quiz_attempts_select_authenticated on public.quiz_attempts
  for select to authenticated
  using (user_id = (select auth.uid()) or private.is_course_member(course_id));
comment on policy quiz_attempts_select_authenticated on public.quiz_attempts is
  'Learners read their own attempts; the course''s staff read every attempt in it.';

create policy quiz_attempt_grants_select_authenticated on public.quiz_attempt_grants
  for select to authenticated
  using (user_id = (select auth.uid()) or private.is_course_member(course_id));
comment on policy quiz_attempt_grants_select_authenticated on public.quiz_attempt_grants is
  'Learners read the extra attempts granted to them; the course''s staff read all of the course''s.';
