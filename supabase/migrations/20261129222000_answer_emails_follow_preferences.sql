-- ============================================================================================================
-- Answer emails follow the asker's notification preferences: no email is owed to an asker who turned "Answers to
-- my questions" emails off (on /account or with the email's one-click unsubscribe link). The in-app notification is
-- written by its own trigger (20261129220000) and follows the app preference. claim_answer_email also answers the
-- recipient's id, so notify-answer can put that recipient's unsubscribe link in the email.
-- ============================================================================================================

create or replace function private.record_answer()
returns trigger
language plpgsql
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
  if asker is not null and asker <> new.author_id and private.wants_notification_email(asker, 'answer') then
    insert into private.answer_emails (answer_id, recipient_id) values (new.id, asker);
  end if;
  return null;
end;
$$;

create or replace function public.claim_answer_email(answer_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed private.answer_emails;
begin
  update private.answer_emails e set claimed_at = now()
  where e.answer_id = claim_answer_email.answer_id and e.claimed_at is null
  returning * into claimed;
  if claimed.answer_id is null then
    return null;
  end if;
  return (
    select jsonb_build_object(
      'to', u.email,
      'recipient_id', claimed.recipient_id,
      'asker_name', q.author_name,
      'answerer_name', a.author_name,
      'is_instructor', a.is_instructor,
      'course_title', c.title,
      'course_slug', c.slug,
      'lesson_id', l.id,
      'lesson_title', l.title,
      'question', q.body,
      'answer', a.body
    )
    from public.answers a
    join public.questions q on q.id = a.question_id
    join public.courses c on c.id = a.course_id
    join public.lessons l on l.id = a.lesson_id
    join auth.users u on u.id = claimed.recipient_id
    where a.id = claimed.answer_id
  );
end;
$$;

comment on function public.claim_answer_email(uuid) is
  'Service role only: marks the asker''s email for an answer as claimed (once) and returns its contents with the recipient''s id (for the unsubscribe link), or null when there is none or it was claimed already.';
