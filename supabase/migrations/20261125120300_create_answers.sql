-- ============================================================================================================
-- Answers to lesson questions. Read and written by whoever may read the question (the course's enrolled learners
-- and its school's members). is_instructor is the database's: true exactly when the author is a member of the
-- course's school, whatever a client sends. Each answer moves its question's counters and is queued for the email
-- to the asker (private.answer_emails, sent by the notify-answer function). At most 4,000 characters and 60 new
-- answers per hour per user. New answers reach open players through Realtime, delivered under the select policy.
-- ============================================================================================================

create table public.answers (
  id uuid primary key default gen_random_uuid(),
  question_id uuid not null references public.questions (id) on delete cascade,
  lesson_id uuid not null,
  course_id uuid not null,
  author_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  author_name text not null default '',
  body text not null,
  is_instructor boolean not null default false,
  created_at timestamptz not null default now(),
  constraint answers_body_length check (char_length(btrim(body)) >= 1 and char_length(body) <= 4000)
);

comment on table public.answers is 'An answer to a lesson question; answers are added, never edited by clients.';
comment on column public.answers.lesson_id is 'The question''s lesson, set by the database: players subscribe to a lesson''s answers.';
comment on column public.answers.course_id is 'The question''s course, set by the database: for the policies.';
comment on column public.answers.author_name is 'The author''s display name when answering, set by the database.';
comment on column public.answers.body is 'Markdown, 1-4,000 characters.';
comment on column public.answers.is_instructor is
  'Set by the database: the author is an owner or instructor of the course''s school. Never taken from the client.';

create index answers_question_id_idx on public.answers (question_id, created_at);
create index answers_lesson_id_idx on public.answers (lesson_id);
create index answers_course_id_idx on public.answers (course_id);
create index answers_author_id_created_at_idx on public.answers (author_id, created_at);

-- Emails owed to askers: one per answer by someone else, claimed once by the notify-answer function.
create table private.answer_emails (
  answer_id uuid primary key references public.answers (id) on delete cascade,
  recipient_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  claimed_at timestamptz
);

comment on table private.answer_emails is
  'The "your question was answered" emails owed to askers; claimed_at is set once the email is handed to the mailer.';

create index answer_emails_recipient_id_idx on private.answer_emails (recipient_id);

create function private.prepare_answer()
returns trigger
language plpgsql
-- Definer: reads the question (its lesson and course), the author's school membership and display name whatever
-- the author may read; the insert policy then decides whether they may answer at all.
security definer
set search_path = ''
as $$
declare
  recent bigint;
  oldest timestamptz;
begin
  perform private.require_text_length('body', new.body, 1, 4000, 'An answer');
  select q.lesson_id, q.course_id into new.lesson_id, new.course_id
  from public.questions q where q.id = new.question_id;
  new.is_instructor := exists (
    select 1 from public.courses c
    join public.school_members m on m.school_id = c.school_id
    where c.id = new.course_id and m.user_id = new.author_id
  );
  new.author_name := coalesce(
    nullif((select p.display_name from public.profiles p where p.id = new.author_id), ''), 'A learner'
  );
  if new.author_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('answers:' || new.author_id::text, 0));
    select count(*), min(a.created_at) into recent, oldest
    from public.answers a where a.author_id = new.author_id and a.created_at > now() - interval '1 hour';
    perform private.require_hourly_quota('answers', recent, oldest, 60,
      'You have posted 60 answers in the last hour. Wait a little before answering again.');
  end if;
  return new;
end;
$$;

comment on function private.prepare_answer() is
  'Trigger: checks an answer''s length (validation_failed), sets its lesson, course, author name and is_instructor, and applies 60 answers per hour (rate_limited).';

create trigger answers_prepare
  before insert on public.answers
  for each row execute function private.prepare_answer();

create function private.record_answer()
returns trigger
language plpgsql
-- Definer: the answerer may not update the question's counters (no column grant), and the email queue is private.
security definer
set search_path = ''
as $$
declare
  asker uuid;
begin
  update public.questions q set
    answer_count = q.answer_count + 1,
    last_answered_at = new.created_at,
    instructor_answered_at = case when new.is_instructor then coalesce(q.instructor_answered_at, new.created_at)
      else q.instructor_answered_at end
  where q.id = new.question_id
  returning q.author_id into asker;
  if asker is not null and asker <> new.author_id then
    insert into private.answer_emails (answer_id, recipient_id) values (new.id, asker);
  end if;
  return null;
end;
$$;

comment on function private.record_answer() is
  'Trigger: counts a new answer on its question (instructor_answered_at for staff answers) and queues the asker''s email.';

create trigger answers_record
  after insert on public.answers
  for each row execute function private.record_answer();

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.answers enable row level security;

-- Clients send the question and the text; is_instructor, the author and the denormalised columns are the
-- database's. No updates or deletes by clients.
revoke all on public.answers from anon, authenticated;
grant select on public.answers to authenticated;
grant insert (question_id, body) on public.answers to authenticated;

create policy answers_select_participant on public.answers
  for select to authenticated
  using (private.can_discuss_course(course_id));
comment on policy answers_select_participant on public.answers is
  'The course''s enrolled learners and the members of its school read the answers to its questions.';

create policy answers_insert_participant on public.answers
  for insert to authenticated
  with check (author_id = (select auth.uid()) and private.can_discuss_course(course_id));
comment on policy answers_insert_participant on public.answers is
  'The course''s enrolled learners and the members of its school answer its questions as themselves.';

alter publication supabase_realtime add table public.answers;
