-- ============================================================================================================
-- Course invitations: adding a learner by email asks them first. An instructor's add_learners (20261129140100)
-- records one pending invitation per address here, and nothing else: no enrollment, no access to content, and no
-- name in the roster. The person whose confirmed address it is sees it on their home page (my_course_invitations)
-- and accepts it (accept_course_invitation enrolls them, source manual) or declines it (deletes it). The course's
-- staff see and cancel their course's pending invitations. Whether an address has an account is never part of
-- what the staff see: an invitation to a registered address and one to an unknown address look the same.
-- ============================================================================================================

create table public.course_invitations (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  email text not null,
  -- The cohort the learner joins on accepting; a deleted cohort leaves the invitation without one.
  cohort_id uuid references public.cohorts (id) on delete set null,
  invited_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint course_invitations_course_email_key unique (course_id, email),
  constraint course_invitations_email_format check (
    email = lower(btrim(email)) and char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  )
);

comment on table public.course_invitations is
  'Pending invitations to learn in a course, by email: accepted or declined by the holder of that confirmed address, cancelled by the course''s staff. Accepting enrolls; until then the invitation grants nothing.';
comment on column public.course_invitations.id is 'The invitation; the emailed link opens /invitations/<id>, readable only by the invitee and the staff.';
comment on column public.course_invitations.course_id is 'The course the learner is invited to.';
comment on column public.course_invitations.email is 'Lowercase, as Auth stores addresses; matched against the invitee''s confirmed email.';
comment on column public.course_invitations.cohort_id is 'The cohort of the course the learner joins on accepting, if any.';
comment on column public.course_invitations.invited_by is 'The staff member who sent (or last re-sent) the invitation.';
comment on column public.course_invitations.created_at is 'When the invitation was sent, or last sent again.';

create index course_invitations_email_idx on public.course_invitations (email);
create index course_invitations_cohort_id_idx on public.course_invitations (cohort_id);
create index course_invitations_invited_by_idx on public.course_invitations (invited_by);

alter table public.course_invitations enable row level security;

-- Written through add_learners and accept_course_invitation; clients only read and delete.
revoke all on public.course_invitations from anon, authenticated;
grant select, delete on public.course_invitations to authenticated;

create policy course_invitations_select_invitee on public.course_invitations
  for select to authenticated
  using (email = (select private.my_confirmed_email()));
comment on policy course_invitations_select_invitee on public.course_invitations is
  'An invitee sees the invitations to their confirmed address.';

create policy course_invitations_select_staff on public.course_invitations
  for select to authenticated
  using (private.is_course_member(course_id));
comment on policy course_invitations_select_staff on public.course_invitations is
  'The course''s staff (members of its school) see its pending invitations.';

create policy course_invitations_delete_invitee on public.course_invitations
  for delete to authenticated
  using (email = (select private.my_confirmed_email()));
comment on policy course_invitations_delete_invitee on public.course_invitations is
  'The invitee declines an invitation to their confirmed address.';

create policy course_invitations_delete_staff on public.course_invitations
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy course_invitations_delete_staff on public.course_invitations is
  'The course''s staff cancel a pending invitation.';

-- ------------------------------------------------------------------------------------------------------------
-- What the invitee sees
-- ------------------------------------------------------------------------------------------------------------

create function public.my_course_invitations()
returns table (
  id uuid,
  course_id uuid,
  course_title text,
  course_slug text,
  school_name text,
  cohort_name text,
  invited_at timestamptz
)
language sql
stable
-- Definer: the invited course may be a draft or invite-only, which the invitee cannot read yet; they see its
-- title, slug and school, and only for invitations to their own confirmed address.
security definer
set search_path = ''
as $$
  select i.id, c.id, c.title, c.slug, s.name, co.name, i.created_at
  from public.course_invitations i
  join public.courses c on c.id = i.course_id
  join public.schools s on s.id = c.school_id
  left join public.cohorts co on co.id = i.cohort_id
  where i.email = (select private.my_confirmed_email())
  order by i.created_at desc, i.id;
$$;

comment on function public.my_course_invitations() is
  'The caller''s pending course invitations (to their confirmed address), newest first, with the course''s title and slug, the school''s name and the cohort''s. Empty for visitors and unconfirmed addresses.';

revoke all on function public.my_course_invitations() from public;
grant execute on function public.my_course_invitations() to anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Accepting
-- ------------------------------------------------------------------------------------------------------------

create function public.accept_course_invitation(invitation_id uuid)
returns jsonb
language plpgsql
volatile
-- Definer: enrolls the caller (no client role inserts enrollments) and takes a removed learner back; only for an
-- invitation to the caller's own confirmed address.
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  address text := private.my_confirmed_email();
  invitation public.course_invitations;
  enrollment public.enrollments;
begin
  if caller is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to accept the invitation.', 401);
  end if;
  delete from public.course_invitations i
  where i.id = accept_course_invitation.invitation_id and i.email = address
  returning * into invitation;
  -- An unknown id and someone else's invitation get the same answer.
  if invitation.id is null then
    perform private.raise_api_error(
      'invite_invalid', 'This invitation was cancelled or answered already, or it was sent to another email address.', 404
    );
  end if;

  insert into public.enrollments (course_id, user_id, cohort_id, source)
  values (invitation.course_id, caller, invitation.cohort_id, 'manual')
  on conflict (course_id, user_id) do nothing
  returning * into enrollment;
  if enrollment.id is null then
    select * into enrollment from public.enrollments e where e.course_id = invitation.course_id and e.user_id = caller;
    if enrollment.status = 'removed' then
      -- A removed learner invited again comes back with the progress they had.
      update public.enrollments e
      set status = case when e.completed_at is null then 'active' else 'completed' end::public.enrollment_status,
          cohort_id = coalesce(invitation.cohort_id, e.cohort_id)
      where e.id = enrollment.id
      returning * into enrollment;
    end if;
  end if;

  return jsonb_build_object(
    'course_id', invitation.course_id,
    'course_slug', (select c.slug from public.courses c where c.id = invitation.course_id),
    'enrollment_id', enrollment.id,
    'status', enrollment.status
  );
end;
$$;

comment on function public.accept_course_invitation(uuid) is
  'The invitee accepts an invitation to their confirmed address: they are enrolled (source manual, in its cohort; a removed learner is taken back) and it is gone. Answers {course_id, course_slug, enrollment_id, status}. Errors: not_signed_in 401, invite_invalid 404 (no such invitation for them).';

revoke all on function public.accept_course_invitation(uuid) from public;
grant execute on function public.accept_course_invitation(uuid) to anon, authenticated;
