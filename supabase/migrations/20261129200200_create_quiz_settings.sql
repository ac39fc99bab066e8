-- ============================================================================================================
-- Quiz lessons' settings (M5): one quiz_settings row per lesson of kind quiz, made by the database when the lesson
-- is (so adding a quiz lesson in the curriculum builder is one insert), edited by the course's staff. Which
-- questions (fixed ones in order, and/or a number drawn at random from tags), shuffling, pass mark, attempts,
-- cooldown, time limit, grading of several attempts, review policy, layout and whether the certificate needs it.
-- Nothing in it is secret: it is readable wherever the lesson's outline is.
-- ============================================================================================================

create table public.quiz_settings (
  lesson_id uuid primary key,
  course_id uuid not null,
  question_ids uuid[] not null default '{}',
  draw_count integer,
  draw_tags text[] not null default '{}',
  shuffle_questions boolean not null default false,
  shuffle_options boolean not null default false,
  pass_mark integer not null default 70,
  attempts_allowed integer,
  cooldown_minutes integer not null default 0,
  time_limit_minutes integer,
  grading text not null default 'highest',
  review_policy text not null default 'full',
  review_when text not null default 'immediately',
  layout text not null default 'one_per_page',
  required boolean not null default true,
  updated_at timestamptz not null default now(),
  constraint quiz_settings_lesson_fkey foreign key (lesson_id, course_id)
    references public.lessons (id, course_id) on delete cascade,
  constraint quiz_settings_question_count check (cardinality(question_ids) <= 200),
  constraint quiz_settings_draw_count_range check (draw_count is null or draw_count between 1 and 200),
  constraint quiz_settings_draw_tags_count check (cardinality(draw_tags) <= 20),
  constraint quiz_settings_pass_mark_range check (pass_mark between 0 and 100),
  constraint quiz_settings_attempts_range check (attempts_allowed is null or attempts_allowed between 1 and 100),
  constraint quiz_settings_cooldown_range check (cooldown_minutes between 0 and 10080),
  constraint quiz_settings_time_limit_range check (time_limit_minutes is null or time_limit_minutes between 1 and 600),
  constraint quiz_settings_grading_values check (grading in ('highest', 'latest')),
  constraint quiz_settings_review_policy_values check (review_policy in ('score', 'answers', 'full')),
  constraint quiz_settings_review_when_values check (review_when in ('immediately', 'after_passing', 'after_last_attempt')),
  constraint quiz_settings_layout_values check (layout in ('one_per_page', 'all_on_page'))
);

comment on table public.quiz_settings is
  'A quiz lesson''s rules (one row per lesson of kind quiz, made by the database). Readable wherever the lesson is; written by the course''s staff.';
comment on column public.quiz_settings.question_ids is 'Fixed questions of the course''s bank, in order (each once).';
comment on column public.quiz_settings.draw_count is
  'When set, this many more questions are drawn at random per attempt from bank questions having any of draw_tags (the whole bank when draw_tags is empty), besides the fixed ones.';
comment on column public.quiz_settings.pass_mark is 'Percent (0-100) of the points needed to pass.';
comment on column public.quiz_settings.attempts_allowed is 'Attempts per learner (1-100), null: unlimited; instructors grant more (quiz_attempt_grants).';
comment on column public.quiz_settings.cooldown_minutes is 'Wait after a submitted attempt before the next (0-10,080 minutes).';
comment on column public.quiz_settings.time_limit_minutes is 'Time per attempt (1-600 minutes), null: none.';
comment on column public.quiz_settings.grading is 'Which attempt counts: highest or latest.';
comment on column public.quiz_settings.review_policy is 'What a learner sees after submitting: score (only), answers (theirs, right or wrong), full (plus correct answers and explanations).';
comment on column public.quiz_settings.review_when is 'When the review opens: immediately, after_passing, or after_last_attempt (no attempt left; never for unlimited attempts).';
comment on column public.quiz_settings.layout is 'one_per_page or all_on_page.';
comment on column public.quiz_settings.required is 'Counts for the course''s completion and certificate (a quiz that does not is practice).';

create index quiz_settings_course_id_idx on public.quiz_settings (course_id);

-- ------------------------------------------------------------------------------------------------------------
-- Checks across tables: only quiz lessons have settings; fixed questions come from the course's own bank
-- ------------------------------------------------------------------------------------------------------------

create function private.prepare_quiz_settings()
returns trigger
language plpgsql
-- Definer: reads the lesson and the bank whatever the writer may read (they are staff, checked by the policies).
security definer
set search_path = ''
as $$
begin
  new.updated_at := now();
  if not exists (select 1 from public.lessons l where l.id = new.lesson_id and l.kind = 'quiz') then
    raise exception 'Only quiz lessons have quiz settings.'
      using errcode = 'check_violation', constraint = 'quiz_settings_quiz_lesson';
  end if;
  if cardinality(new.question_ids) <> (select count(distinct q) from unnest(new.question_ids) q)
    or exists (
      select 1 from unnest(new.question_ids) q
      where not exists (select 1 from public.quiz_questions b where b.id = q and b.course_id = new.course_id)
    ) then
    raise exception 'Fixed questions must be questions of the course''s bank, each once.'
      using errcode = 'check_violation', constraint = 'quiz_settings_questions_of_course';
  end if;
  if exists (select 1 from unnest(new.draw_tags) t where t is null or char_length(t) not between 1 and 40) then
    raise exception 'Draw tags are 1 to 40 characters.'
      using errcode = 'check_violation', constraint = 'quiz_settings_draw_tags_length';
  end if;
  return new;
end;
$$;

comment on function private.prepare_quiz_settings() is
  'Trigger: settings belong to a quiz lesson, their fixed questions to the course''s bank (each once); stamps updated_at.';

create trigger quiz_settings_prepare
  before insert or update on public.quiz_settings
  for each row execute function private.prepare_quiz_settings();

create function private.create_quiz_settings()
returns trigger
language plpgsql
-- Definer: the staff member adding a quiz lesson gets its settings row in the same statement.
security definer
set search_path = ''
as $$
begin
  if new.kind = 'quiz' then
    insert into public.quiz_settings (lesson_id, course_id) values (new.id, new.course_id) on conflict do nothing;
  elsif tg_op = 'UPDATE' and old.kind = 'quiz' then
    delete from public.quiz_settings s where s.lesson_id = new.id;
  end if;
  return null;
end;
$$;

comment on function private.create_quiz_settings() is
  'Trigger: a lesson that becomes a quiz gets default settings; one that stops being a quiz loses them.';

create trigger lessons_create_quiz_settings
  after insert or update of kind on public.lessons
  for each row execute function private.create_quiz_settings();

-- A quiz completes by passing only; its lessons row says manual (it has no video to watch).
alter table public.lessons add constraint lessons_quiz_rule_manual check (kind <> 'quiz' or completion_rule = 'manual');

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.quiz_settings enable row level security;

revoke all on public.quiz_settings from anon, authenticated;
grant select on public.quiz_settings to anon, authenticated;
grant update (
  question_ids, draw_count, draw_tags, shuffle_questions, shuffle_options, pass_mark, attempts_allowed,
  cooldown_minutes, time_limit_minutes, grading, review_policy, review_when, layout, required
) on public.quiz_settings to authenticated;

create policy quiz_settings_select_anon on public.quiz_settings
  for select to anon
  using (exists (select 1 from public.lessons l where l.id = lesson_id));
comment on policy quiz_settings_select_anon on public.quiz_settings is 'Visitors read the settings of quiz lessons whose outline they can read.';

create policy quiz_settings_select_authenticated on public.quiz_settings
  for select to authenticated
  using (exists (select 1 from public.lessons l where l.id = lesson_id));
comment on policy quiz_settings_select_authenticated on public.quiz_settings is 'Signed-in users read the settings of quiz lessons whose outline they can read.';

create policy quiz_settings_update_member on public.quiz_settings
  for update to authenticated
  using (private.is_course_member(course_id))
  with check (private.is_course_member(course_id));
comment on policy quiz_settings_update_member on public.quiz_settings is 'The course''s staff edit a quiz''s settings (rows come and go with the lesson).';
