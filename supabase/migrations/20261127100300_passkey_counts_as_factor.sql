-- ============================================================================================================
-- A passkey is a second factor for the aal2 rule (PRODUCT.md §1; issue 17 part 3 "a passkey counts as aal2").
-- private.has_verified_factor (20261126120100) looked only at auth.mfa_factors, so a user whose only factor is a
-- passkey could delete their account from a password session without stepping up. It now also counts the user's
-- passkeys in auth.webauthn_credentials. That table comes with Auth's passkey support: where an Auth version
-- without it runs, the check falls back to the MFA factors alone instead of failing.
-- ============================================================================================================

create or replace function private.has_verified_factor(user_id uuid)
returns boolean
language plpgsql
stable
-- Definer: auth.mfa_factors and auth.webauthn_credentials are readable by no client role.
security definer
set search_path = ''
as $$
declare
  has_passkey boolean := false;
begin
  if exists (
    select 1 from auth.mfa_factors f where f.user_id = has_verified_factor.user_id and f.status = 'verified'
  ) then
    return true;
  end if;
  if to_regclass('auth.webauthn_credentials') is not null then
    execute 'select exists (select 1 from auth.webauthn_credentials c where c.user_id = $1)'
      into has_passkey using has_verified_factor.user_id;
  end if;
  return has_passkey;
end;
$$;

comment on function private.has_verified_factor(uuid) is
  'True when the user has a verified MFA factor (TOTP, phone or WebAuthn) or a passkey.';

revoke all on function private.has_verified_factor(uuid) from public, anon, authenticated;
grant execute on function private.has_verified_factor(uuid) to service_role;
