-- ============================================================================================================
-- The whole enrollment decision in one call (PRODUCT.md §4, §7 enroll, §8 errors): the enroll edge function used
-- to find the course, refuse removed learners, closed courses and the invite and code modes itself, with the same
-- sentences as private.admit, and create open enrollments through the service role. Now it only authenticates,
-- validates the body's shape and calls public.enroll, which decides everything here:
--   * an invite token goes to redeem_course_invite (invite, expiry, uses, email domain),
--   * otherwise the course is found as the learner may see it (course_not_found otherwise),
--   * a code goes to redeem_access_code (code, expiry, uses, attempts),
--   * a bare enroll goes through private.admit (existing enrollment, removed, not published) and then the mode.
-- Like the redeem calls it answers refusals as a value and commits, for the service role only (see 20261124110600).
-- ============================================================================================================

create function public.enroll(
  user_id uuid,
  course_slug text default null,
  course_id uuid default null,
  code text default null,
  invite_token text default null
)
returns jsonb
language plpgsql
volatile
-- Definer: reads courses, school members and enrollments whatever the caller's policies show, and creates the
-- enrollment, which no client role may insert; it acts for the user id the enroll function passes (from the
-- session Auth verified).
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  learner uuid := enroll.user_id;
  course public.courses;
  refusal jsonb;
begin
  if enroll.invite_token is not null then
    -- The invite names the course; the learner may not see it yet (an unlisted course they are invited to is fine).
    return public.redeem_course_invite(learner, enroll.invite_token);
  end if;

  select * into course from public.courses c
  where (enroll.course_slug is not null and c.slug = enroll.course_slug)
     or (enroll.course_id is not null and c.id = enroll.course_id);
  -- As courses_select_authenticated shows courses to the learner: drafts of other schools are as unknown as
  -- missing slugs, and an archived course is visible to its own learners only.
  if course.id is null or not (
    course.status = 'published'
    or exists (select 1 from public.school_members m where m.school_id = course.school_id and m.user_id = learner)
    or exists (
      select 1 from public.enrollments e
      where e.course_id = course.id and e.user_id = learner and e.status in ('active', 'completed')
    )
  ) then
    return private.redeem_error('course_not_found', 'We could not find that course.', 404);
  end if;

  if enroll.code is not null then
    -- Codes, like invites, are the instructor's grant and work whatever the mode.
    return public.redeem_access_code(learner, course.id, enroll.code);
  end if;

  -- Already in (whatever the mode is today), removed, or a course that is not published.
  refusal := private.admit(learner, course.id);
  if refusal is not null then
    return refusal;
  end if;
  if course.enrollment_mode = 'invite' then
    return private.redeem_error('enrollment_closed', 'This course is by invitation only. Open your invite link.', 403);
  elsif course.enrollment_mode = 'code' then
    return private.redeem_error('enrollment_closed', 'This course needs an access code. Enter the code you were given.', 403);
  end if;
  -- No use to give back on an open course: only the "undo" marker goes.
  return private.enroll_after_use(learner, course.id, null, 'open') - 'undo';
end;
$$;

comment on function public.enroll(uuid, text, uuid, text, text) is
  'For the enroll function (service role) only: enrolls user_id by invite_token, or in the course named by course_slug or course_id (with an access code, or by its open mode); idempotent. Returns { enrollment, created } or { error: { code, message, status[, retry_after_s, allowed_email_domains] } }: course_not_found 404, enrollment_closed 403 (not published, invite or code mode), forbidden 403 (removed), and the refusals of redeem_course_invite and redeem_access_code.';

revoke all on function public.enroll(uuid, text, uuid, text, text) from public, anon, authenticated;
grant execute on function public.enroll(uuid, text, uuid, text, text) to service_role;
