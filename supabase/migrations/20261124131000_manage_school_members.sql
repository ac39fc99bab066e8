-- ============================================================================================================
-- Managing a school's members (PRODUCT.md §1, §2 /studio): owners change roles and remove members, any member may
-- leave, and the database answers each refusal with a PRODUCT.md §8 error the studio can show:
--   * removing a member, and leaving, need a session verified with a second factor (aal2_required, 403). The delete
--     policy keeps who (owners, or the member themselves); the guard trigger says why a session may not, which a
--     row hidden by the policy could not (the same split as courses_guard_delete of 20261124120100);
--   * the last owner can neither leave, be removed nor be demoted (validation_failed, 422, on `role`) — said at
--     once by the guard; the deferred constraint trigger of 20261121060200 stays as the backstop for concurrent
--     demotions;
--   * school_members_list(school_id) is the roster with display names, and emails for the school's owners only
--     (auth.users is read by this definer call and nowhere else);
--   * change_school_member_role and remove_school_member turn "not an owner" and "not a member" into forbidden and
--     validation_failed instead of an update or delete that silently touches no row.
-- Requests without a user (service role, migrations, the cascade of deleting a school or an account) are exempt.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- The guard
-- ------------------------------------------------------------------------------------------------------------

create function private.guard_school_member_change()
returns trigger
language plpgsql
-- Definer: counts the school's other owners whatever the acting user's policies show (a member who is leaving
-- still sees them, but the rule must not depend on that).
security definer
set search_path = ''
as $$
declare
  leaving_owner boolean;
begin
  -- Trusted requests, and the cascade of a school being deleted (its row is already gone then).
  if (select auth.uid()) is null or not exists (select 1 from public.schools s where s.id = old.school_id) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'UPDATE' and new.role = old.role then
    return new;
  end if;
  if tg_op = 'DELETE' and not private.is_aal2() then
    if old.user_id = (select auth.uid()) then
      perform private.raise_api_error(
        'aal2_required', 'Leaving a school needs a session verified with a second factor.', 403
      );
    end if;
    perform private.raise_api_error(
      'aal2_required', 'Removing a member needs a session verified with a second factor.', 403
    );
  end if;
  leaving_owner := old.role = 'owner' and (tg_op = 'DELETE' or new.role <> 'owner');
  if leaving_owner and not exists (
    select 1 from public.school_members m
    where m.school_id = old.school_id and m.role = 'owner' and m.user_id <> old.user_id
  ) then
    perform private.raise_api_error(
      'validation_failed', 'A school needs at least one owner. Make another member an owner first.', 422,
      jsonb_build_object('fields', jsonb_build_object(
        'role', 'A school needs at least one owner. Make another member an owner first.'
      ))
    );
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

comment on function private.guard_school_member_change() is
  'Trigger: removing or leaving needs aal2 (aal2_required 403); the last owner cannot leave, be removed or be demoted (validation_failed 422 on role). Trusted requests and a school''s own deletion are exempt.';

create trigger school_members_guard_change
  before update or delete on public.school_members
  for each row execute function private.guard_school_member_change();

alter policy school_members_delete_owner_or_self on public.school_members
  using (private.is_school_owner(school_id) or user_id = (select auth.uid()));
comment on policy school_members_delete_owner_or_self on public.school_members is
  'Owners remove members and any member may leave; the school_members_guard_change trigger requires a second factor and keeps an owner.';

-- ------------------------------------------------------------------------------------------------------------
-- The roster
-- ------------------------------------------------------------------------------------------------------------

create function public.school_members_list(school_id uuid)
returns table (user_id uuid, display_name text, email text, role public.school_role, joined_at timestamptz)
language plpgsql
stable
-- Definer: emails live in auth.users, which no client role reads; only the school's owners get them.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  owner boolean;
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see a school''s members.', 401);
  end if;
  if not private.is_school_member(school_members_list.school_id) then
    perform private.raise_api_error('forbidden', 'Only the school''s members see who teaches there.', 403);
  end if;
  owner := private.is_school_owner(school_members_list.school_id);
  return query
  select m.user_id, p.display_name, case when owner then u.email::text end, m.role, m.created_at
  from public.school_members m
  join public.profiles p on p.id = m.user_id
  left join auth.users u on u.id = m.user_id
  where m.school_id = school_members_list.school_id
  order by m.role, lower(p.display_name), m.user_id;
end;
$$;

comment on function public.school_members_list(uuid) is
  'A school''s members (user_id, display_name, email, role, joined_at), owners first. email is filled for the school''s owners only, null for its instructors. Errors: not_signed_in 401, forbidden 403 (not a member).';

revoke all on function public.school_members_list(uuid) from public;
grant execute on function public.school_members_list(uuid) to anon, authenticated;

-- ------------------------------------------------------------------------------------------------------------
-- Changing a role, removing a member
-- ------------------------------------------------------------------------------------------------------------

create function private.require_school_member_target(target_school uuid, target_user uuid, owner_needed boolean)
returns void
language plpgsql
stable
-- Invoker: only asks the definer helpers and raises.
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to manage a school''s members.', 401);
  end if;
  if owner_needed and not private.is_school_owner(target_school) then
    perform private.raise_api_error('forbidden', 'Only the school''s owners manage its members.', 403);
  end if;
  if not exists (
    select 1 from public.school_members m where m.school_id = target_school and m.user_id = target_user
  ) then
    perform private.raise_api_error(
      'validation_failed', 'This person is not a member of the school.', 422,
      jsonb_build_object('fields', jsonb_build_object('user_id', 'This person is not a member of the school.'))
    );
  end if;
end;
$$;

comment on function private.require_school_member_target(uuid, uuid, boolean) is
  'Raises not_signed_in (401), forbidden (403, not an owner when owner_needed) or validation_failed (422, target is not a member); returns otherwise.';

grant execute on function private.require_school_member_target(uuid, uuid, boolean) to anon, authenticated, service_role;

create function public.change_school_member_role(school_id uuid, user_id uuid, role public.school_role)
returns public.school_role
language plpgsql
volatile
-- Invoker: the update runs under the owners-only policy; the guard trigger keeps a last owner.
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_school_member_target(
    change_school_member_role.school_id, change_school_member_role.user_id, true
  );
  update public.school_members m set role = change_school_member_role.role
  where m.school_id = change_school_member_role.school_id and m.user_id = change_school_member_role.user_id;
  return change_school_member_role.role;
end;
$$;

comment on function public.change_school_member_role(uuid, uuid, public.school_role) is
  'An owner sets a member''s role (owner or instructor). Errors: not_signed_in 401, forbidden 403 (not an owner), validation_failed 422 (not a member; the last owner cannot be demoted).';

revoke all on function public.change_school_member_role(uuid, uuid, public.school_role) from public;
grant execute on function public.change_school_member_role(uuid, uuid, public.school_role) to anon, authenticated;

create function public.remove_school_member(school_id uuid, user_id uuid)
returns void
language plpgsql
volatile
-- Invoker: the delete runs under the owners-or-self policy; the guard trigger requires aal2 and keeps an owner.
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_school_member_target(
    remove_school_member.school_id, remove_school_member.user_id,
    remove_school_member.user_id is distinct from (select auth.uid())
  );
  delete from public.school_members m
  where m.school_id = remove_school_member.school_id and m.user_id = remove_school_member.user_id;
end;
$$;

comment on function public.remove_school_member(uuid, uuid) is
  'An owner removes a member, or a member leaves (user_id = self). Errors: not_signed_in 401, forbidden 403 (removing someone else without being an owner), aal2_required 403 (no second factor), validation_failed 422 (not a member; the last owner).';

revoke all on function public.remove_school_member(uuid, uuid) from public;
grant execute on function public.remove_school_member(uuid, uuid) to anon, authenticated;
