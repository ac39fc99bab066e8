-- ============================================================================================================
-- The instructor's calls for invite links and access codes (PRODUCT.md §5): create_course_invite returns a fresh
-- token and create_access_code a fresh code exactly once; the database keeps only their hashes. revoke_* stamp
-- revoked_at. All four are security definer because clients have no insert or update grant on the two tables
-- (the secret must come from the database's random generator, and its hash must never be chosen by a client);
-- each checks itself that the caller is a member of the course's school.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- Hashes and the code alphabet, one definition for creating and redeeming
-- ------------------------------------------------------------------------------------------------------------

create function private.invite_token_hash(token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8'));
$$;

comment on function private.invite_token_hash(text) is 'SHA-256 of an invite token''s text: what course_invites.token_hash holds.';

create function private.normalize_access_code(code text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- People type codes in lower case, with spaces or the hyphen the UI shows in the middle (ABCD-EFGH).
  select upper(regexp_replace(code, '[[:space:]-]', '', 'g'));
$$;

comment on function private.normalize_access_code(text) is 'An access code as typed, in capitals, without spaces or hyphens.';

create function private.access_code_hash(course uuid, code text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(course::text || ':' || private.normalize_access_code(code), 'UTF8'));
$$;

comment on function private.access_code_hash(uuid, text) is 'SHA-256 of "<course_id>:<CODE>": what access_codes.code_hash holds.';

create function private.new_access_code()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  -- No 0/O, 1/I/L: codes are read aloud and typed from slides.
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  bytes bytea;
  code text := '';
  b integer;
begin
  while char_length(code) < 8 loop
    bytes := extensions.gen_random_bytes(16);
    for i in 0 .. 15 loop
      b := get_byte(bytes, i);
      -- Rejection sampling: 248 = 8 * 31, so every letter is equally likely (no modulo bias).
      if b < 248 and char_length(code) < 8 then
        code := code || substr(alphabet, b % 31 + 1, 1);
      end if;
    end loop;
  end loop;
  return code;
end;
$$;

comment on function private.new_access_code() is '8 characters drawn uniformly from the 31-letter alphabet without 0, O, 1, I and L (about 40 bits).';

-- Used by definer functions only; the service role may compute hashes for seeding and tests.
grant execute on function private.invite_token_hash(text) to service_role;
grant execute on function private.normalize_access_code(text) to service_role;
grant execute on function private.access_code_hash(uuid, text) to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Shared checks. Invoker, executed only from the definer calls below (which run them with their owner's rights),
-- so no client role is granted them.
-- ------------------------------------------------------------------------------------------------------------

create function private.require_course_member(course uuid, action text)
returns void
language plpgsql
stable
-- Invoker: it only asks the definer helper is_course_member and raises.
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to ' || action || '.', 401);
  end if;
  if course is null or not private.is_course_member(course) then
    perform private.raise_api_error('forbidden', 'Only the course''s instructors can ' || action || '.', 403);
  end if;
end;
$$;

comment on function private.require_course_member(uuid, text) is
  'Raises not_signed_in (401) or forbidden (403) unless the caller is an owner or instructor of the course''s school.';


create function private.grant_fields(
  course uuid, cohort uuid, expires timestamptz, uses_limit integer, expiry_required boolean
)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'cohort_id', case when cohort is not null and not exists (
        select 1 from public.cohorts c where c.id = cohort and c.course_id = course
      ) then 'Choose a cohort of this course.' end,
    'expires_at', case
      when expires is null and expiry_required then 'Choose when the link expires.'
      when expires <= now() then 'The expiry must be in the future.'
      when expires > now() + interval '1 year' then 'The expiry can be at most a year from now.'
    end,
    'max_uses', case when uses_limit not between 1 and 100000 then 'Allow from 1 to 100,000 uses.' end
  ));
$$;

comment on function private.grant_fields(uuid, uuid, timestamptz, integer, boolean) is
  'Field messages (validation_failed) for the cohort, expiry and use limit of a new invite link or access code; {} when valid.';


create function private.raise_unless_valid(fields jsonb)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if fields <> '{}'::jsonb then
    perform private.raise_api_error(
      'validation_failed',
      (select string_agg(v, ' ' order by k) from jsonb_each_text(fields) as f(k, v)),
      422, jsonb_build_object('fields', fields)
    );
  end if;
end;
$$;

comment on function private.raise_unless_valid(jsonb) is 'Raises validation_failed (422) with the fields map unless it is empty.';


-- ------------------------------------------------------------------------------------------------------------
-- Invite links
-- ------------------------------------------------------------------------------------------------------------

create function public.create_course_invite(
  course_id uuid,
  cohort_id uuid default null,
  expires_at timestamptz default null,
  max_uses integer default 1,
  allowed_email_domains text[] default null
)
returns jsonb
language plpgsql
volatile
-- Definer: clients have no insert grant on course_invites (see the top of this migration).
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  token text;
  domains text[];
  fields jsonb;
  created public.course_invites;
begin
  perform private.require_course_member(create_course_invite.course_id, 'create invite links');

  -- Domains as people type them (" @Example.COM"): lowercase, without a leading @, each once.
  select array_agg(distinct d order by d) into domains
  from (
    select lower(ltrim(btrim(x), '@')) as d from unnest(create_course_invite.allowed_email_domains) as x
  ) t
  where d <> '';

  fields := private.grant_fields(
    create_course_invite.course_id, create_course_invite.cohort_id,
    coalesce(create_course_invite.expires_at, now() + interval '14 days'), coalesce(create_course_invite.max_uses, 1),
    true
  ) || jsonb_strip_nulls(jsonb_build_object('allowed_email_domains', case
    when cardinality(domains) > 20 then 'Allow at most 20 email domains.'
    when not private.are_email_domains(domains) then 'Enter domains like example.com, without the part before @.'
  end));
  perform private.raise_unless_valid(fields);

  -- 32 random bytes, base64url without padding: 43 characters that survive a URL path unescaped.
  token := translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_');

  insert into public.course_invites (
    course_id, cohort_id, token_hash, expires_at, max_uses, allowed_email_domains, created_by
  ) values (
    create_course_invite.course_id, create_course_invite.cohort_id, private.invite_token_hash(token),
    coalesce(create_course_invite.expires_at, now() + interval '14 days'), coalesce(create_course_invite.max_uses, 1),
    domains, (select auth.uid())
  )
  returning * into created;

  return jsonb_build_object(
    'id', created.id, 'token', token, 'course_id', created.course_id, 'cohort_id', created.cohort_id,
    'expires_at', created.expires_at, 'max_uses', created.max_uses, 'uses', created.uses,
    'allowed_email_domains', created.allowed_email_domains, 'created_at', created.created_at
  );
end;
$$;

comment on function public.create_course_invite(uuid, uuid, timestamptz, integer, text[]) is
  'Creates an invite link for a course (members of its school): returns its token once, with id, cohort_id, expires_at (default in 14 days, at most a year), max_uses (default 1), uses and allowed_email_domains. Errors: not_signed_in 401, forbidden 403, validation_failed 422.';

create function public.revoke_course_invite(invite_id uuid)
returns jsonb
language plpgsql
volatile
-- Definer: clients have no update grant on course_invites; revoking stamps the database's clock.
security definer
set search_path = ''
as $$
declare
  target public.course_invites;
begin
  select * into target from public.course_invites i where i.id = revoke_course_invite.invite_id;
  -- An unknown id and another school's invite get the same answer.
  perform private.require_course_member(target.course_id, 'revoke invite links');
  update public.course_invites i set revoked_at = coalesce(i.revoked_at, now())
  where i.id = target.id
  returning * into target;
  return jsonb_build_object('id', target.id, 'revoked_at', target.revoked_at);
end;
$$;

comment on function public.revoke_course_invite(uuid) is
  'Revokes an invite link (members of its course''s school); revoking twice keeps the first time. Errors: not_signed_in 401, forbidden 403 (also for unknown ids).';

-- ------------------------------------------------------------------------------------------------------------
-- Access codes
-- ------------------------------------------------------------------------------------------------------------

create function public.create_access_code(
  course_id uuid,
  cohort_id uuid default null,
  expires_at timestamptz default null,
  max_uses integer default null
)
returns jsonb
language plpgsql
volatile
-- Definer: clients have no insert grant on access_codes (see the top of this migration).
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  code text;
  created public.access_codes;
begin
  perform private.require_course_member(create_access_code.course_id, 'create access codes');
  perform private.raise_unless_valid(private.grant_fields(
    create_access_code.course_id, create_access_code.cohort_id, create_access_code.expires_at,
    create_access_code.max_uses, false
  ));

  -- A fresh code until it differs from the course's others (31^8 codes: a retry is rare).
  loop
    code := private.new_access_code();
    insert into public.access_codes (course_id, cohort_id, code_hash, max_uses, expires_at, created_by)
    values (
      create_access_code.course_id, create_access_code.cohort_id,
      private.access_code_hash(create_access_code.course_id, code), create_access_code.max_uses,
      create_access_code.expires_at, (select auth.uid())
    )
    on conflict (course_id, code_hash) do nothing
    returning * into created;
    exit when found;
  end loop;

  return jsonb_build_object(
    'id', created.id, 'code', code, 'course_id', created.course_id, 'cohort_id', created.cohort_id,
    'expires_at', created.expires_at, 'max_uses', created.max_uses, 'uses', created.uses,
    'created_at', created.created_at
  );
end;
$$;

comment on function public.create_access_code(uuid, uuid, timestamptz, integer) is
  'Creates an access code for a course (members of its school): returns the 8-character code once, with id, cohort_id, expires_at (null: never, at most a year), max_uses (null: no limit) and uses. Errors: not_signed_in 401, forbidden 403, validation_failed 422.';

create function public.revoke_access_code(code_id uuid)
returns jsonb
language plpgsql
volatile
-- Definer: clients have no update grant on access_codes; revoking stamps the database's clock.
security definer
set search_path = ''
as $$
declare
  target public.access_codes;
begin
  select * into target from public.access_codes a where a.id = revoke_access_code.code_id;
  perform private.require_course_member(target.course_id, 'revoke access codes');
  update public.access_codes a set revoked_at = coalesce(a.revoked_at, now())
  where a.id = target.id
  returning * into target;
  return jsonb_build_object('id', target.id, 'revoked_at', target.revoked_at);
end;
$$;

comment on function public.revoke_access_code(uuid) is
  'Revokes an access code (members of its course''s school); revoking twice keeps the first time. Errors: not_signed_in 401, forbidden 403 (also for unknown ids).';

-- Signed-in users only (the functions refuse non-members themselves); visitors cannot call them at all.
revoke all on function public.create_course_invite(uuid, uuid, timestamptz, integer, text[]) from public, anon;
revoke all on function public.revoke_course_invite(uuid) from public, anon;
revoke all on function public.create_access_code(uuid, uuid, timestamptz, integer) from public, anon;
revoke all on function public.revoke_access_code(uuid) from public, anon;
grant execute on function public.create_course_invite(uuid, uuid, timestamptz, integer, text[]) to authenticated, service_role;
grant execute on function public.revoke_course_invite(uuid) to authenticated, service_role;
grant execute on function public.create_access_code(uuid, uuid, timestamptz, integer) to authenticated, service_role;
grant execute on function public.revoke_access_code(uuid) to authenticated, service_role;
