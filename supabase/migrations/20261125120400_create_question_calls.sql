-- ============================================================================================================
-- Calls around Q&A:
--   * open_questions(): the studio's "unanswered questions" list: questions of the courses the caller teaches (the
--     school's members) that no member has answered and that are not resolved, oldest first, with their course and
--     lesson. Invoker: the questions policies decide; the membership filter keeps out courses the caller only learns in.
--   * claim_answer_email(answer_id): for the notify-answer function only (service role): claims the email owed to
--     the asker for an answer, once, and returns what the email says (the asker's address never reaches clients).
-- ============================================================================================================

create function public.open_questions()
returns table (
  id uuid,
  course_id uuid,
  course_title text,
  course_slug text,
  lesson_id uuid,
  lesson_title text,
  author_name text,
  body text,
  answer_count integer,
  created_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select q.id, q.course_id, c.title, c.slug, q.lesson_id, l.title, q.author_name, q.body, q.answer_count, q.created_at
  from public.questions q
  join public.courses c on c.id = q.course_id
  join public.lessons l on l.id = q.lesson_id
  where q.instructor_answered_at is null
    and not q.resolved
    and private.is_course_member(q.course_id)
  order by q.created_at, q.id
  limit 200;
$$;

comment on function public.open_questions() is
  'Unresolved questions without a staff answer in the courses the caller''s schools run, oldest first (at most 200).';

revoke execute on function public.open_questions() from public, anon;
grant execute on function public.open_questions() to authenticated;

create function public.claim_answer_email(answer_id uuid)
returns jsonb
language plpgsql
volatile
-- Definer: reads the asker's address in auth.users and the private queue; executable by the service role only.
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
  'Service role only: marks the asker''s email for an answer as claimed (once) and returns its contents, or null when there is none or it was claimed already.';

revoke execute on function public.claim_answer_email(uuid) from public, anon, authenticated;
grant execute on function public.claim_answer_email(uuid) to service_role;
