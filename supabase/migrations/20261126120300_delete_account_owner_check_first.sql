-- ============================================================================================================
-- Account deletion answers a last owner of a school before asking for a second factor: stepping up first would
-- only lead to the refusal. delete_account is otherwise as 20261126120200 made it.
-- ============================================================================================================

create or replace function public.delete_account(user_id uuid, claims jsonb)
returns table (bucket_id text, name text)
language plpgsql
volatile
-- Definer: deletes the Auth user and rows across every table, which no client role may.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  target uuid := delete_account.user_id;
  target_email text;
  blockers text[];
  blocker_ids uuid[];
begin
  -- Queue behind anything else changing this user (a second delete, a sign-in writing the row).
  select u.email::text into target_email from auth.users u where u.id = target for update;
  if not found then
    perform private.raise_api_error('not_signed_in', 'This account no longer exists.', 401);
  end if;

  -- Lock the schools where they own, as the member guard does, so no co-owner leaves between check and delete.
  perform 1 from public.schools s
  where s.id in (select m.school_id from public.school_members m where m.user_id = target and m.role = 'owner')
  order by s.id
  for update;
  select array_agg(b.school_name order by b.school_name), array_agg(b.school_id order by b.school_name)
  into blockers, blocker_ids
  from public.account_deletion_blockers(target) b;
  if blockers is not null then
    perform private.raise_api_error(
      'forbidden',
      'You are the last owner of ' || array_to_string(blockers, ', ')
        || '. Make another member an owner, or delete the school, before deleting your account.',
      403,
      jsonb_build_object('schools', (
        select jsonb_agg(jsonb_build_object('id', i, 'name', n))
        from unnest(blocker_ids, blockers) as x(i, n)
      ))
    );
  end if;

  -- After the last-owner check: stepping up would not help a last owner, so they hear that first.
  if private.has_verified_factor(target) and not private.claims_are_aal2(delete_account.claims) then
    perform private.raise_api_error(
      'aal2_required', 'Deleting your account needs a session verified with your second factor.', 403
    );
  end if;

  return query select o.bucket_id, o.name from private.objects_of_user(target) o;

  -- Files they uploaded for their schools (covers, media) stay the school's; only their id leaves them.
  update storage.objects o set owner = null, owner_id = null
  where (o.owner = target or o.owner_id = target::text)
    and (o.bucket_id, o.name) not in (select x.bucket_id, x.name from private.objects_of_user(target) x);

  -- Invitations to a school addressed to them name them; the school can invite again.
  delete from public.school_invitations i where i.email = lower(target_email);

  -- Everything else of theirs goes by the foreign keys' cascades (see the header).
  delete from auth.users u where u.id = target;

  -- Run the deferred checks (a school keeps an owner) now, so the function's COMMIT cannot fail after Storage
  -- removed the files.
  set constraints all immediate;
end;
$$;

comment on function public.delete_account(uuid, jsonb) is
  'For the account-delete function only, inside its transaction: deletes user_id''s Auth user and every row of theirs, and answers the Storage objects (bucket_id, name) to remove before COMMIT. claims are the verified JWT claims of the request: with a verified factor they must show aal2 or a passkey. Errors: not_signed_in 401 (no such user), forbidden 403 (last owner of a school; details.schools), then aal2_required 403.';
