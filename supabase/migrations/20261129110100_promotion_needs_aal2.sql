-- Owners: making a member an owner needs aal2, as demoting or removing one does. An owner's password-only session
-- could otherwise promote an accomplice who then acts with every right of an owner (the README says role changes go
-- through step-up). The rest of the guard is unchanged from 20261124135100_guard_school_owners.

create or replace function private.guard_school_member_change()
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
  leaving_owner := old.role = 'owner' and (tg_op = 'DELETE' or new.role <> 'owner');
  -- Demoting an owner takes their ownership away as removing them would: it needs the same second factor.
  if tg_op = 'UPDATE' and leaving_owner and not private.is_aal2() then
    perform private.raise_api_error(
      'aal2_required', 'Changing an owner''s role needs a session verified with a second factor.', 403
    );
  end if;
  -- Promoting gives ownership away: the same second factor.
  if tg_op = 'UPDATE' and new.role = 'owner' and not private.is_aal2() then
    perform private.raise_api_error(
      'aal2_required', 'Making a member an owner needs a session verified with a second factor.', 403
    );
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
  if leaving_owner then
    -- Two owners giving up ownership at once queue here, so the second sees the first's change and one owner stays.
    perform 1 from public.schools s where s.id = old.school_id for update;
  end if;
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
  'Trigger: removing, leaving, demoting an owner or promoting a member to owner needs aal2 (aal2_required 403); the last owner cannot leave, be removed or be demoted (validation_failed 422 on role), checked under a lock on the school. Trusted requests and a school''s own deletion are exempt.';
