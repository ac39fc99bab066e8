-- ============================================================================================================
-- School invitations: how a school gains members from M2 with the invitee's consent (20261124100100 closed every
-- other way in). An owner invites an email address with a role (the invite-member function, through
-- invite_school_member as the owner); the person with that confirmed address sees the invitation on /studio and
-- accepts it (accept_school_invitation makes them a member) or declines it. Someone without an account gets
-- Auth's invite email from the function first; accepting that signs them in on /studio, where the invitation waits.
-- Owners see, re-role (by inviting again) and cancel their school's pending invitations. Whether an address has an
-- account is not revealed to the owner: both cases leave the same pending invitation.
-- ============================================================================================================

create table public.school_invitations (
  school_id uuid not null references public.schools (id) on delete cascade,
  email text not null,
  role public.school_role not null default 'instructor',
  invited_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (school_id, email),
  constraint school_invitations_email_format check (
    email = lower(btrim(email)) and char_length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  )
);

comment on table public.school_invitations is
  'Pending invitations to teach at a school, by email; accepted or declined by the holder of that confirmed address, cancelled by the school''s owners.';
comment on column public.school_invitations.email is 'Lowercase, as Auth stores addresses; matched against the invitee''s confirmed email.';

create index school_invitations_email_idx on public.school_invitations (email);
create index school_invitations_invited_by_idx on public.school_invitations (invited_by);

create function private.my_confirmed_email()
returns text
language sql
stable
-- Definer: reads the caller's own row of auth.users. The JWT's email claim is not enough: it is there before the
-- address is confirmed where confirmations are off, and an invitation belongs to whoever proved the address.
security definer
set search_path = ''
as $$
  select lower(u.email) from auth.users u where u.id = (select auth.uid()) and u.email_confirmed_at is not null;
$$;

comment on function private.my_confirmed_email() is 'The requesting user''s email address once confirmed, lowercase; null otherwise.';

grant execute on function private.my_confirmed_email() to authenticated, service_role;

alter table public.school_invitations enable row level security;

-- Written through invite_school_member and accept_school_invitation; clients only read and delete.
revoke all on public.school_invitations from anon, authenticated;
grant select, delete on public.school_invitations to authenticated;

create policy school_invitations_select_owner_or_invitee on public.school_invitations
  for select to authenticated
  using (private.is_school_owner(school_id) or email = (select private.my_confirmed_email()));
comment on policy school_invitations_select_owner_or_invitee on public.school_invitations is
  'The school''s owners see its pending invitations; an invitee sees those to their confirmed address.';

create policy school_invitations_delete_owner_or_invitee on public.school_invitations
  for delete to authenticated
  using (private.is_school_owner(school_id) or email = (select private.my_confirmed_email()));
comment on policy school_invitations_delete_owner_or_invitee on public.school_invitations is
  'Owners cancel an invitation; the invitee declines it.';

-- ------------------------------------------------------------------------------------------------------------
-- Inviting
-- ------------------------------------------------------------------------------------------------------------

create function public.invite_school_member(school_id uuid, email text, role public.school_role default 'instructor')
returns jsonb
language plpgsql
volatile
-- Definer: writes the invitation (no client role inserts them) and looks the address up in auth.users, which the
-- owner may not read. The answer names the outcome for the owner; account_exists is for the invite-member
-- function alone (it decides whether Auth sends an invite), which does not pass it on.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address text := lower(btrim(invite_school_member.email));
  invitee uuid;
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to invite members.', 401);
  end if;
  if not private.is_school_owner(invite_school_member.school_id) then
    perform private.raise_api_error('forbidden', 'Only the school''s owners invite members.', 403);
  end if;
  if address is null or char_length(address) > 320 or address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    perform private.raise_api_error(
      'validation_failed', 'Enter a valid email address.', 422,
      jsonb_build_object('fields', jsonb_build_object('email', 'Enter a valid email address.'))
    );
  end if;
  select u.id into invitee from auth.users u where lower(u.email) = address;
  if invitee is not null and exists (
    select 1 from public.school_members m where m.school_id = invite_school_member.school_id and m.user_id = invitee
  ) then
    return jsonb_build_object('status', 'already_member', 'account_exists', true);
  end if;
  insert into public.school_invitations (school_id, email, role, invited_by)
  values (invite_school_member.school_id, address, invite_school_member.role, (select auth.uid()))
  on conflict on constraint school_invitations_pkey
  do update set role = excluded.role, invited_by = excluded.invited_by, created_at = now();
  return jsonb_build_object('status', 'invited', 'account_exists', invitee is not null);
end;
$$;

comment on function public.invite_school_member(uuid, text, public.school_role) is
  'An owner invites an email address to the school with a role (inviting again updates the role). Answers {status: invited | already_member, account_exists}. Errors: not_signed_in 401, forbidden 403, validation_failed 422 (email).';

revoke all on function public.invite_school_member(uuid, text, public.school_role) from public;
grant execute on function public.invite_school_member(uuid, text, public.school_role) to anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Accepting
-- ------------------------------------------------------------------------------------------------------------

create function public.accept_school_invitation(school_id uuid)
returns public.school_role
language plpgsql
volatile
-- Definer: makes the caller a member, which no client role may insert; only for an invitation to their own
-- confirmed address.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address text := private.my_confirmed_email();
  invitation public.school_invitations;
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to accept the invitation.', 401);
  end if;
  delete from public.school_invitations i
  where i.school_id = accept_school_invitation.school_id and i.email = address
  returning * into invitation;
  if invitation.school_id is null then
    perform private.raise_api_error(
      'forbidden', 'This invitation was cancelled, or it was sent to another email address.', 403
    );
  end if;
  insert into public.school_members (school_id, user_id, role)
  values (invitation.school_id, (select auth.uid()), invitation.role)
  on conflict on constraint school_members_pkey do nothing;
  return invitation.role;
end;
$$;

comment on function public.accept_school_invitation(uuid) is
  'The invitee accepts an invitation to their confirmed address: they become a member with its role and it is gone. Errors: not_signed_in 401, forbidden 403 (no such invitation for them).';

revoke all on function public.accept_school_invitation(uuid) from public;
grant execute on function public.accept_school_invitation(uuid) to anon, authenticated;

-- The invitee sees the name of the school that invites them. The rest is the policy as 20261124100200 left it.
alter policy schools_select_authenticated on public.schools
  using (
    private.is_school_member(id)
    or exists (select 1 from public.courses c where c.school_id = schools.id and c.status in ('published', 'archived'))
    -- The creator, in the transaction that created the school (see 20261124100100).
    or (created_by = (select auth.uid()) and created_at = now())
    or exists (
      select 1 from public.school_invitations i where i.school_id = schools.id and i.email = (select private.my_confirmed_email())
    )
  );
comment on policy schools_select_authenticated on public.schools is
  'Members see their schools; signed-in users see schools with a course they can read (published, or archived and enrolled); the creator reads back the school they are creating; an invitee sees the school inviting them.';
