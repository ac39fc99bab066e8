-- ============================================================================================================
-- Questions: Q&A under a lesson (PRODUCT.md §2, M3). Read and asked by the course's enrolled learners (active or
-- completed) and the members of its school; marked resolved (or reopened) by the asker or the school's members.
-- The course, the asker's name and the answer counters are the database's. At most 4,000 characters and 20 new
-- questions per hour per user (see 20261125120000). Changes stream to open players through Realtime, delivered
-- under the select policy.
-- ============================================================================================================

create table public.questions (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null,
  course_id uuid not null,
  author_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  author_name text not null default '',
  body text not null,
  resolved boolean not null default false,
  answer_count integer not null default 0,
  instructor_answered_at timestamptz,
  last_answered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint questions_lesson_fkey foreign key (lesson_id, course_id)
    references public.lessons (id, course_id) on delete cascade,
  constraint questions_body_length check (char_length(btrim(body)) >= 3 and char_length(body) <= 4000),
  constraint questions_answer_count_positive check (answer_count >= 0)
);

comment on table public.questions is 'A question under a lesson, for the course''s learners and staff.';
comment on column public.questions.course_id is 'The lesson''s course, set by the database: for the policies and Realtime filters.';
comment on column public.questions.author_name is
  'The asker''s display name when asking, set by the database: other learners cannot read profiles.';
comment on column public.questions.body is 'Markdown, 3-4,000 characters.';
comment on column public.questions.resolved is 'Set by the asker or the school''s members.';
comment on column public.questions.answer_count is 'Answers so far, kept by the database.';
comment on column public.questions.instructor_answered_at is
  'When a member of the school first answered, kept by the database; null: waiting for the staff (the studio''s list).';
comment on column public.questions.last_answered_at is 'When the latest answer arrived, kept by the database.';

create index questions_lesson_id_idx on public.questions (lesson_id, course_id, created_at);
create index questions_course_id_idx on public.questions (course_id, created_at)
  where instructor_answered_at is null and not resolved;
create index questions_author_id_created_at_idx on public.questions (author_id, created_at);

create function private.prepare_question()
returns trigger
language plpgsql
-- Definer: takes the lesson's course and the asker's display name whatever the asker may read (the insert policy
-- then requires an enrollment or a membership), and counts the asker's recent questions under a per-user lock.
security definer
set search_path = ''
as $$
declare
  recent bigint;
  oldest timestamptz;
begin
  perform private.require_text_length('body', new.body, 3, 4000, 'A question');
  new.course_id := (select l.course_id from public.lessons l where l.id = new.lesson_id);
  new.author_name := coalesce(
    nullif((select p.display_name from public.profiles p where p.id = new.author_id), ''), 'A learner'
  );
  new.resolved := false;
  new.answer_count := 0;
  new.instructor_answered_at := null;
  new.last_answered_at := null;
  if new.author_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('questions:' || new.author_id::text, 0));
    select count(*), min(q.created_at) into recent, oldest
    from public.questions q where q.author_id = new.author_id and q.created_at > now() - interval '1 hour';
    perform private.require_hourly_quota('questions', recent, oldest, 20,
      'You have asked 20 questions in the last hour. Wait a little before asking another.');
  end if;
  return new;
end;
$$;

comment on function private.prepare_question() is
  'Trigger: checks a question''s length (validation_failed), sets its course, asker name and counters, and applies 20 questions per hour (rate_limited).';

create trigger questions_prepare
  before insert on public.questions
  for each row execute function private.prepare_question();

create trigger questions_set_updated_at
  before update on public.questions
  for each row execute function private.set_updated_at();

-- ------------------------------------------------------------------------------------------------------------
-- Helper for policies
-- ------------------------------------------------------------------------------------------------------------

create function private.can_discuss_course(target_course uuid)
returns boolean
language sql
stable
-- Invoker is enough: both helpers it asks are definer functions.
set search_path = ''
as $$
  select private.is_enrolled(target_course) or private.is_course_member(target_course);
$$;

comment on function private.can_discuss_course(uuid) is
  'True for the course''s enrolled learners (active or completed) and the members of its school: who takes part in its Q&A.';

grant execute on function private.can_discuss_course(uuid) to authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.questions enable row level security;

-- Clients ask (lesson and text) and resolve; everything else is the database's. Questions are not deleted by
-- clients: answers hang on them, and they go with the lesson or the asker's account.
revoke all on public.questions from anon, authenticated;
grant select on public.questions to authenticated;
grant insert (lesson_id, body) on public.questions to authenticated;
grant update (resolved) on public.questions to authenticated;

create policy questions_select_participant on public.questions
  for select to authenticated
  using (private.can_discuss_course(course_id));
comment on policy questions_select_participant on public.questions is
  'The course''s enrolled learners and the members of its school read its questions.';

create policy questions_insert_participant on public.questions
  for insert to authenticated
  with check (author_id = (select auth.uid()) and private.can_discuss_course(course_id));
comment on policy questions_insert_participant on public.questions is
  'The course''s enrolled learners and the members of its school ask questions as themselves.';

create policy questions_update_asker_or_staff on public.questions
  for update to authenticated
  using (author_id = (select auth.uid()) or private.is_course_member(course_id))
  with check (
    (author_id = (select auth.uid()) and private.is_enrolled(course_id)) or private.is_course_member(course_id)
  );
comment on policy questions_update_asker_or_staff on public.questions is
  'The asker (while enrolled) or a member of the course''s school marks a question resolved or reopens it.';

alter publication supabase_realtime add table public.questions;
