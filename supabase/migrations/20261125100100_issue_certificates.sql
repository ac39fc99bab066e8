-- ============================================================================================================
-- Certificates are issued by the database (PRODUCT.md §4): when an enrollment becomes completed in a course with
-- certificates on, when certificates are turned on for a course with learners who already finished, and, once, for
-- every such completion from before this migration. At most one per learner and course: a learner who unticks
-- and reticks a lesson, or is removed and taken back, keeps the certificate they have (revoked or not).
--
-- The snapshot freezes what the certificate says. Hours are the learner's credited study time in the course: the
-- sum of lesson_progress.watched_s over the course's lessons. That is the time save_progress credited (distinct
-- seconds of video watched, reading time), capped per lesson and by the wall clock between saves, so it cannot be
-- inflated by the client; it is per course, which daily_activity (per day, all courses) is not.
-- ============================================================================================================

create function private.new_certificate_code()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  -- The access codes' alphabet (no 0/O, 1/I/L): 31 letters, 10 of them are about 49.5 bits.
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  bytes bytea;
  code text := '';
  b integer;
begin
  while char_length(code) < 10 loop
    bytes := extensions.gen_random_bytes(16);
    for i in 0 .. 15 loop
      b := get_byte(bytes, i);
      -- Rejection sampling: 248 = 8 * 31, so every letter is equally likely (no modulo bias).
      if b < 248 and char_length(code) < 10 then
        code := code || substr(alphabet, b % 31 + 1, 1);
      end if;
    end loop;
  end loop;
  return code;
end;
$$;

comment on function private.new_certificate_code() is
  '10 characters drawn uniformly from the 31-letter alphabet without 0, O, 1, I and L (about 49 bits).';

create function private.certificate_snapshot(learner uuid, target_course uuid, completed timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'learner_name', p.display_name,
    'course_title', c.title,
    'school_name', s.name,
    -- One decimal: 0.1 h is six minutes, finer than that is noise in a study-time estimate.
    'hours', round(coalesce((
      select sum(lp.watched_s) from public.lesson_progress lp
      where lp.user_id = learner and lp.course_id = target_course
    ), 0) / 3600.0, 1),
    'completed_at', completed
  )
  from public.courses c
  join public.schools s on s.id = c.school_id
  join public.profiles p on p.id = learner
  where c.id = target_course;
$$;

comment on function private.certificate_snapshot(uuid, uuid, timestamptz) is
  'What a new certificate says: learner_name, course_title, school_name, hours (credited study seconds in the course / 3600, one decimal), completed_at.';

create function private.issue_certificate(learner uuid, target_course uuid, completed timestamptz)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  snapshot jsonb := private.certificate_snapshot(learner, target_course, completed);
  inserted integer;
begin
  if snapshot is null then
    return;
  end if;
  -- A fresh code that meets an existing one (about 1 in 10^14 per pair) is drawn again; a certificate that already
  -- exists for the learner and course ends the loop with nothing inserted.
  for attempt in 1 .. 20 loop
    insert into public.certificates (code, user_id, course_id, issued_at, snapshot)
    values (private.new_certificate_code(), learner, target_course, coalesce(completed, now()), snapshot)
    on conflict do nothing;
    get diagnostics inserted = row_count;
    if inserted = 1 or exists (
      select 1 from public.certificates where user_id = learner and course_id = target_course
    ) then
      return;
    end if;
  end loop;
  raise exception 'issue_certificate: no free certificate code after 20 draws';
end;
$$;

comment on function private.issue_certificate(uuid, uuid, timestamptz) is
  'Issues the learner''s certificate for the course unless they have one (any state); retries a code collision.';

-- Only the database's own triggers issue certificates (and the service role, for tests and repairs).
revoke all on function private.new_certificate_code() from public;
revoke all on function private.certificate_snapshot(uuid, uuid, timestamptz) from public;
revoke all on function private.issue_certificate(uuid, uuid, timestamptz) from public;
grant execute on function private.issue_certificate(uuid, uuid, timestamptz) to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Triggers: an enrollment completes; certificates are turned on
-- ------------------------------------------------------------------------------------------------------------

create function private.issue_certificate_on_completion()
returns trigger
language plpgsql
-- Definer: the enrollment completes inside a learner's save_progress (or an instructor taking a learner back), and
-- neither may write certificates.
security definer
set search_path = ''
as $$
begin
  if new.status = 'completed'
    and (tg_op = 'INSERT' or old.status is distinct from 'completed')
    and exists (select 1 from public.courses c where c.id = new.course_id and c.certificate_enabled) then
    perform private.issue_certificate(new.user_id, new.course_id, new.completed_at);
  end if;
  return null;
end;
$$;

comment on function private.issue_certificate_on_completion() is
  'Trigger: issues the certificate when an enrollment becomes completed in a course with certificates on.';

create trigger enrollments_issue_certificate
  after insert or update of status on public.enrollments
  for each row execute function private.issue_certificate_on_completion();

create function private.issue_certificates_on_enable()
returns trigger
language plpgsql
-- Definer: the course's staff turn certificates on; the certificates for learners who already finished are
-- written for them.
security definer
set search_path = ''
as $$
declare
  finished record;
begin
  if new.certificate_enabled and not old.certificate_enabled then
    for finished in
      select e.user_id, e.completed_at from public.enrollments e
      where e.course_id = new.id and e.status = 'completed'
    loop
      perform private.issue_certificate(finished.user_id, new.id, finished.completed_at);
    end loop;
  end if;
  return null;
end;
$$;

comment on function private.issue_certificates_on_enable() is
  'Trigger: turning certificates on for a course issues them to its learners who already completed it.';

create trigger courses_issue_certificates
  after update of certificate_enabled on public.courses
  for each row execute function private.issue_certificates_on_enable();

-- ------------------------------------------------------------------------------------------------------------
-- Backfill: completions from before certificates existed
-- ------------------------------------------------------------------------------------------------------------

create function private.issue_missing_certificates()
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  finished record;
  issued integer := 0;
begin
  for finished in
    select e.user_id, e.course_id, e.completed_at
    from public.enrollments e
    join public.courses c on c.id = e.course_id
    where e.status = 'completed' and c.certificate_enabled
      and not exists (select 1 from public.certificates x where x.user_id = e.user_id and x.course_id = e.course_id)
  loop
    perform private.issue_certificate(finished.user_id, finished.course_id, finished.completed_at);
    issued := issued + 1;
  end loop;
  return issued;
end;
$$;

comment on function private.issue_missing_certificates() is
  'Issues the certificates that completed enrollments in certificate courses lack; answers how many. Run once below.';

revoke all on function private.issue_missing_certificates() from public;
grant execute on function private.issue_missing_certificates() to service_role;

select private.issue_missing_certificates();
