-- ============================================================================================================
-- Redeeming an invite link or an access code (PRODUCT.md §7 enroll, §8 errors), each in one transaction:
-- look the secret up by its hash, check it, count the use and create the enrollment.
--
-- Who calls: the enroll edge function, with the service role, passing the user id Auth vouched for. Not the
-- learner directly, because a wrong code must be counted even though it is refused: an error raised in SQL rolls
-- back the whole transaction, the attempt included. So these functions answer refusals as a value
-- ({ "error": { code, message, status } }) and commit, and only the function, which turns that value into the
-- HTTP answer of §8, may call them. Clients cannot execute them; course_invite_preview (the /invite page) is theirs.
--
-- Constant time: the secret is never compared with anything. Its SHA-256 is looked up through a unique index, so
-- what the lookup's timing could reveal is where an attacker's own hash falls in the index, not any stored secret.
-- Rate limit: 10 failed code attempts per user per rolling hour, counted in private.code_attempts. Successful
-- redemptions (and re-enrolling where already enrolled) are not counted: the limit is against guessing, and a
-- learner joining several courses with the codes they were given should not be stopped.
-- ============================================================================================================

create function private.redeem_error(code text, message text, status integer, details jsonb default '{}')
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('error', jsonb_build_object('code', code, 'message', message, 'status', status) || details);
$$;

comment on function private.redeem_error(text, text, integer, jsonb) is 'A refusal of the redeem calls, as the value they return.';

create function private.enrollment_answer(enrollment public.enrollments, created boolean)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'enrollment', jsonb_build_object(
      'id', enrollment.id, 'course_id', enrollment.course_id, 'status', enrollment.status,
      'source', enrollment.source, 'enrolled_at', enrollment.enrolled_at
    ),
    'created', created
  );
$$;

comment on function private.enrollment_answer(public.enrollments, boolean) is 'The enroll function''s answer for an enrollment (the same shape on every path).';

create function private.admit(learner uuid, course uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  existing public.enrollments;
begin
  -- One redemption at a time per learner and course: a double click on Accept waits here and then finds the
  -- enrollment the first click made, instead of spending a second use.
  perform pg_advisory_xact_lock(hashtextextended('enroll:' || course::text || ':' || learner::text, 0));
  select * into existing from public.enrollments e where e.course_id = course and e.user_id = learner;
  if found and existing.status = 'removed' then
    return private.redeem_error('forbidden', 'You were removed from this course. Ask its instructor to add you back.', 403);
  elsif found then
    return private.enrollment_answer(existing, false);
  elsif not exists (select 1 from public.courses c where c.id = course and c.status = 'published') then
    return private.redeem_error('enrollment_closed', 'This course is not open for enrollment.', 403);
  end if;
  return null;
end;
$$;

comment on function private.admit(uuid, uuid) is
  'First step of a redemption: locks the learner''s enrollment in the course and answers when there is nothing to redeem: the existing enrollment (no use spent), forbidden for a removed learner, enrollment_closed for a course that is not published. Null: go on.';

create function private.enroll_after_use(learner uuid, course uuid, cohort uuid, via public.enrollment_source)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  created public.enrollments;
begin
  insert into public.enrollments (course_id, user_id, cohort_id, source)
  values (course, learner, cohort, via)
  on conflict (course_id, user_id) do nothing
  returning * into created;
  if found then
    return private.enrollment_answer(created, true);
  end if;
  -- Another path (an open enroll, which does not take the lock) enrolled the learner in between: no use spent.
  select * into created from public.enrollments e where e.course_id = course and e.user_id = learner;
  if created.status = 'removed' then
    return jsonb_build_object('undo', true)
      || private.redeem_error('forbidden', 'You were removed from this course. Ask its instructor to add you back.', 403);
  end if;
  return jsonb_build_object('undo', true) || private.enrollment_answer(created, false);
end;
$$;

comment on function private.enroll_after_use(uuid, uuid, uuid, public.enrollment_source) is
  'Creates the enrollment after a use was counted; "undo" when one already existed, so the caller gives the use back.';

-- ------------------------------------------------------------------------------------------------------------
-- Invite links
-- ------------------------------------------------------------------------------------------------------------

create function public.redeem_course_invite(user_id uuid, invite_token text)
returns jsonb
language plpgsql
volatile
-- Definer: reads the hashes and the user's email and writes uses and the enrollment, none of which any client
-- role may; it acts for the user id the enroll function passes (from the session Auth verified).
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  learner uuid := redeem_course_invite.user_id;
  invite public.course_invites;
  refusal jsonb;
  email text;
  answer jsonb;
begin
  -- Tokens are 43 base64url characters; anything else cannot be one (and is not worth hashing).
  if redeem_course_invite.invite_token is not null and redeem_course_invite.invite_token ~ '^[A-Za-z0-9_-]{43}$' then
    select * into invite from public.course_invites i
    where i.token_hash = private.invite_token_hash(redeem_course_invite.invite_token);
  end if;
  if invite.id is null or invite.revoked_at is not null then
    return private.redeem_error('invite_invalid', 'This invite link is not valid. Ask the instructor for a new one.', 404);
  end if;

  -- Already in the course: the link brings them there whatever its state, without spending a use.
  refusal := private.admit(learner, invite.course_id);
  if refusal is not null then
    return refusal;
  end if;

  if invite.expires_at <= now() then
    return private.redeem_error('invite_expired', 'This invite link has expired. Ask the instructor for a new one.', 410);
  end if;

  if invite.allowed_email_domains is not null then
    -- The confirmed address only: an unconfirmed one proves nothing about the domain.
    select lower(u.email) into email from auth.users u where u.id = learner and u.email_confirmed_at is not null;
    if email is null or substring(email from '@([^@]+)$') <> all (invite.allowed_email_domains) then
      return private.redeem_error(
        'email_domain_not_allowed',
        'This invite is for ' || array_to_string(invite.allowed_email_domains, ', ') || ' email addresses.',
        403, jsonb_build_object('allowed_email_domains', to_jsonb(invite.allowed_email_domains))
      );
    end if;
  end if;

  -- The use is counted by the row update itself: concurrent accepts of a one-use link queue on the row lock, and
  -- only the first finds uses < max_uses.
  update public.course_invites i set uses = i.uses + 1
  where i.id = invite.id and i.uses < i.max_uses and i.revoked_at is null and i.expires_at > now();
  if not found then
    return private.redeem_error('invite_used_up', 'This invite link has already been used. Ask the instructor for a new one.', 409);
  end if;

  answer := private.enroll_after_use(learner, invite.course_id, invite.cohort_id, 'invite');
  if answer ? 'undo' then
    update public.course_invites i set uses = i.uses - 1 where i.id = invite.id;
  end if;
  return answer - 'undo';
end;
$$;

comment on function public.redeem_course_invite(uuid, text) is
  'For the enroll function (service role) only: enrolls user_id through an invite token, counting the use atomically; idempotent. Returns { enrollment, created } or { error: { code, message, status } } with invite_invalid 404 (unknown, malformed or revoked), invite_expired 410, email_domain_not_allowed 403, invite_used_up 409, enrollment_closed 403, forbidden 403 (removed).';

create function public.course_invite_preview(invite_token text)
returns jsonb
language plpgsql
stable
-- Definer: the /invite page shows what an invite leads to before anyone signs in, and only the holder of the
-- token can ask; course_invites and cohorts are otherwise readable by the school's members only.
security definer
set search_path = ''
as $$
declare
  invite public.course_invites;
  course public.courses;
begin
  if invite_token is not null and invite_token ~ '^[A-Za-z0-9_-]{43}$' then
    select * into invite from public.course_invites i where i.token_hash = private.invite_token_hash(invite_token);
  end if;
  if invite.id is null or invite.revoked_at is not null then
    perform private.raise_api_error('invite_invalid', 'This invite link is not valid. Ask the instructor for a new one.', 404);
  end if;
  select * into course from public.courses c where c.id = invite.course_id;
  return jsonb_build_object(
    'course', jsonb_build_object(
      'id', course.id, 'slug', course.slug, 'title', course.title, 'subtitle', course.subtitle,
      'cover_path', course.cover_path,
      'school', (select jsonb_build_object('name', s.name) from public.schools s where s.id = course.school_id)
    ),
    'cohort', (select jsonb_build_object('name', co.name, 'starts_at', co.starts_at) from public.cohorts co where co.id = invite.cohort_id),
    'state', case
      when course.status <> 'published' then 'closed'
      when invite.expires_at <= now() then 'expired'
      when invite.uses >= invite.max_uses then 'used_up'
      else 'valid'
    end,
    'expires_at', invite.expires_at,
    'allowed_email_domains', invite.allowed_email_domains
  );
end;
$$;

comment on function public.course_invite_preview(text) is
  'What an invite token leads to, for the /invite page (visitors too): course (id, slug, title, subtitle, cover, school name), cohort, state valid|expired|used_up|closed, expires_at, allowed_email_domains. Unknown, malformed or revoked: invite_invalid 404.';

-- ------------------------------------------------------------------------------------------------------------
-- Access codes
-- ------------------------------------------------------------------------------------------------------------

create function public.redeem_access_code(user_id uuid, course_id uuid, code text)
returns jsonb
language plpgsql
volatile
-- Definer: reads the hashes, counts attempts in private.code_attempts and writes uses and the enrollment, none of
-- which any client role may; it acts for the user id the enroll function passes.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  learner uuid := redeem_access_code.user_id;
  course uuid := redeem_access_code.course_id;
  refusal jsonb;
  recent integer;
  oldest timestamptz;
  found_code public.access_codes;
  answer jsonb;
begin
  if not exists (select 1 from public.courses c where c.id = course) then
    return private.redeem_error('course_not_found', 'We could not find that course.', 404);
  end if;

  refusal := private.admit(learner, course);
  if refusal is not null then
    return refusal;
  end if;

  -- One attempt at a time per user, so ten parallel guesses cannot all pass the count below.
  perform pg_advisory_xact_lock(hashtextextended('code-attempts:' || learner::text, 0));
  delete from private.code_attempts a where a.user_id = learner and a.attempted_at <= now() - interval '1 hour';
  select count(*), min(a.attempted_at) into recent, oldest from private.code_attempts a where a.user_id = learner;
  if recent >= 10 then
    return private.redeem_error(
      'rate_limited', 'Too many wrong codes. Try again in a while.', 429,
      jsonb_build_object('retry_after_s', greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer)
    );
  end if;

  select * into found_code from public.access_codes a
  where a.course_id = course and a.code_hash = private.access_code_hash(course, coalesce(redeem_access_code.code, ''));

  -- Unknown, expired, revoked and used-up codes get one answer (PRODUCT.md §8), and each counts as an attempt.
  if found_code.id is null or found_code.revoked_at is not null or found_code.expires_at <= now() then
    insert into private.code_attempts (user_id, course_id) values (learner, course);
    return private.redeem_error('code_invalid', 'That code is not valid for this course. Check it and try again.', 400);
  end if;
  update public.access_codes a set uses = a.uses + 1
  where a.id = found_code.id and (a.max_uses is null or a.uses < a.max_uses)
    and a.revoked_at is null and (a.expires_at is null or a.expires_at > now());
  if not found then
    insert into private.code_attempts (user_id, course_id) values (learner, course);
    return private.redeem_error('code_invalid', 'That code is not valid for this course. Check it and try again.', 400);
  end if;

  answer := private.enroll_after_use(learner, course, found_code.cohort_id, 'code');
  if answer ? 'undo' then
    update public.access_codes a set uses = a.uses - 1 where a.id = found_code.id;
  end if;
  return answer - 'undo';
end;
$$;

comment on function public.redeem_access_code(uuid, uuid, text) is
  'For the enroll function (service role) only: enrolls user_id in the course with an access code, counting the use atomically; idempotent. Returns { enrollment, created } or { error: { code, message, status } } with code_invalid 400 (unknown, expired, revoked or used up), rate_limited 429 (10 failed attempts in the last hour, with retry_after_s), course_not_found 404, enrollment_closed 403, forbidden 403 (removed).';

-- ------------------------------------------------------------------------------------------------------------
-- Grants
-- ------------------------------------------------------------------------------------------------------------

revoke all on function public.redeem_course_invite(uuid, text) from public, anon, authenticated;
revoke all on function public.redeem_access_code(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.redeem_course_invite(uuid, text) to service_role;
grant execute on function public.redeem_access_code(uuid, uuid, text) to service_role;

revoke all on function public.course_invite_preview(text) from public;
grant execute on function public.course_invite_preview(text) to anon, authenticated, service_role;
