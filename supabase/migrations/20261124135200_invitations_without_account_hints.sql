-- invite_school_member told its caller whether an address had an account (account_exists), and anyone can create a
-- school and so be an owner: any signed-in user could test any address for an account, without limit, and make the
-- invite-member function send Auth emails to arbitrary addresses. Now the answer is the same for an address with or
-- without an account (the function asks Auth to invite and falls back to a sign-in link when Auth says the address
-- is registered), and each caller may record 50 invitations per rolling 24 hours, counted in the database (it holds
-- across restarts and function instances); past that, rate_limited 429 with the seconds to wait.

create table private.school_invitations_sent (
  user_id uuid not null references auth.users (id) on delete cascade,
  sent_at timestamptz not null default now()
);

create index school_invitations_sent_user_time on private.school_invitations_sent (user_id, sent_at);

comment on table private.school_invitations_sent is
  'When each caller of invite_school_member recorded an invitation: the 50 per 24 hours limit.';

-- invite_school_member as before (20261124131100), without account_exists and with the limit once the request is
-- known to be an owner's valid invitation.
create or replace function public.invite_school_member(school_id uuid, email text, role public.school_role default 'instructor')
returns jsonb
language plpgsql
volatile
-- Definer: writes the invitation and counts it (no client role may) and looks the address up in auth.users to spot
-- a member already there, which the owner may not read; the answer never says whether the address has an account.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address text := lower(btrim(invite_school_member.email));
  caller uuid := auth.uid();
  invitee uuid;
  recent integer;
  oldest timestamptz;
begin
  if caller is null then
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
  -- Someone who is a member already: the owner sees the school's members anyway, and no email goes out, so this
  -- neither reveals an account nor counts.
  select u.id into invitee from auth.users u where lower(u.email) = address;
  if invitee is not null and exists (
    select 1 from public.school_members m where m.school_id = invite_school_member.school_id and m.user_id = invitee
  ) then
    return jsonb_build_object('status', 'already_member');
  end if;

  -- The daily limit: every recorded invitation leads to an email. One caller's calls queue on the lock, so two at
  -- once cannot both pass the check.
  perform pg_advisory_xact_lock(hashtextextended('invite_school_member:' || caller::text, 0));
  delete from private.school_invitations_sent s where s.user_id = caller and s.sent_at <= now() - interval '24 hours';
  select count(*)::integer, min(s.sent_at) into recent, oldest from private.school_invitations_sent s where s.user_id = caller;
  if recent >= 50 then
    perform private.raise_api_error(
      'rate_limited',
      'You can send up to 50 invitations a day. Try again later.',
      429,
      jsonb_build_object('retry_after_s', greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer)
    );
  end if;
  insert into private.school_invitations_sent (user_id) values (caller);

  insert into public.school_invitations (school_id, email, role, invited_by)
  values (invite_school_member.school_id, address, invite_school_member.role, caller)
  on conflict on constraint school_invitations_pkey
  do update set role = excluded.role, invited_by = excluded.invited_by, created_at = now();
  return jsonb_build_object('status', 'invited');
end;
$$;

comment on function public.invite_school_member(uuid, text, public.school_role) is
  'An owner invites an email address to the school with a role (inviting again updates the role). Answers {status: invited | already_member}, the same whether or not the address has an account. At most 50 invitations per caller per 24 hours. Errors: not_signed_in 401, forbidden 403, validation_failed 422 (email), rate_limited 429 (details.retry_after_s).';

revoke all on function public.invite_school_member(uuid, text, public.school_role) from public;
grant execute on function public.invite_school_member(uuid, text, public.school_role) to anon, authenticated;
