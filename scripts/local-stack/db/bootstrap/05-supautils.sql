-- What Supabase's supautils extension lets the non-superuser `postgres` do, imitated with stock PostgreSQL.
-- supautils is a C library loaded into every session; stock PostgreSQL (embedded-postgres) has no such hook, so:
--
--   * supautils.policy_grants / drop_trigger_grants (src/table_grants.c): `postgres` may CREATE, ALTER, DROP and
--     COMMENT ON POLICY, and DROP TRIGGER, on the Auth, Storage and Realtime tables listed below although it does not
--     own them. Here an event trigger makes `postgres` a member of the owning service roles for the length of one
--     such statement (the grant is part of the statement's transaction, so it goes with it if the statement fails)
--     and refuses afterwards, with PostgreSQL's own ownership error, whatever that membership let through beyond
--     the grants: a policy on an unlisted table, a comment on anything but a policy.
--   * supautils.privileged_role_allowed_configs: `postgres` may set, in a session and with ALTER ROLE / DATABASE
--     … SET, every parameter of that list (GRANT SET ON PARAMETER, PostgreSQL 15+). supautils matches the patterns
--     `pgrst.*` and `plan_filter.*`; a grant names one parameter, so those two are granted for every setting
--     PostgREST v14 and pg_plan_filter read. Parameters of modules not loaded here (auto_explain, pg_net, pgaudit,
--     safeupdate, plan_filter) are placeholders: they can be set, and do nothing.
--   * supautils.privileged_extensions: the untrusted extensions of Supabase's list that this PostgreSQL ships are
--     installed with trusted control files (db/privileged-extensions.ts), so `postgres` creates them as on Supabase.
--
-- The list of tables is the one Supabase configures for `postgres` (supautils.conf of the supabase/postgres image).

create schema _supautils authorization supabase_admin;
revoke all on schema _supautils from public;

-- supautils.conf's privileged_role_allowed_configs, as the supabase/postgres image sets it.
grant set on parameter
  auto_explain.log_min_duration, auto_explain.log_nested_statements,
  log_lock_waits, log_min_messages,
  pg_net.batch_size, pg_net.ttl,
  pgaudit.log, pgaudit.log_catalog, pgaudit.log_client, pgaudit.log_level, pgaudit.log_relation, pgaudit.log_rows,
  pgaudit.log_statement, pgaudit.log_statement_once, pgaudit.role,
  -- pgrst.*: PostgREST's in-database configuration (the names of its v14 settings, hyphens as underscores).
  pgrst.admin_server_host, pgrst.admin_server_port, pgrst.client_error_verbosity,
  pgrst.db_aggregates_enabled, pgrst.db_anon_role, pgrst.db_channel, pgrst.db_channel_enabled, pgrst.db_config,
  pgrst.db_extra_search_path, pgrst.db_hoisted_tx_settings, pgrst.db_max_rows, pgrst.db_plan_enabled, pgrst.db_pool,
  pgrst.db_pool_acquisition_timeout, pgrst.db_pool_automatic_recovery, pgrst.db_pool_max_idletime,
  pgrst.db_pool_max_lifetime, pgrst.db_pre_config, pgrst.db_pre_request, pgrst.db_prepared_statements,
  pgrst.db_root_spec, pgrst.db_schemas, pgrst.db_tx_end, pgrst.db_uri,
  pgrst.jwt_aud, pgrst.jwt_cache_max_entries, pgrst.jwt_cache_max_lifetime, pgrst.jwt_role_claim_key,
  pgrst.jwt_secret, pgrst.jwt_secret_is_base64,
  pgrst.log_level, pgrst.log_query,
  pgrst.openapi_mode, pgrst.openapi_security_active, pgrst.openapi_server_proxy_uri,
  pgrst.server_cors_allowed_origins, pgrst.server_host, pgrst.server_port, pgrst.server_timing_enabled,
  pgrst.server_trace_header, pgrst.server_unix_socket, pgrst.server_unix_socket_mode,
  -- plan_filter.*: pg_plan_filter's two settings.
  plan_filter.limit_select_only, plan_filter.statement_cost_limit,
  safeupdate.enabled, session_replication_role, track_io_timing
  to postgres;

-- The tables `postgres` may manage policies on and drop triggers from, by their owners' grants.
create function _supautils.granted_tables() returns text[]
language sql immutable set search_path = ''
as $$
  select array[
    'auth.audit_log_entries', 'auth.identities', 'auth.refresh_tokens', 'auth.sessions', 'auth.users',
    'realtime.messages',
    'storage.buckets', 'storage.migrations', 'storage.objects', 'storage.s3_multipart_uploads',
    'storage.s3_multipart_uploads_parts'
  ]
$$;

-- The service roles owning those tables; membership in them is what passes PostgreSQL's ownership check.
create function _supautils.owner_roles() returns name[]
language sql immutable set search_path = ''
as $$
  select array['supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin']::name[]
$$;

-- Whether the temporary membership is what let `postgres` act on relation `rel`: a table of a service role that is
-- not among the granted ones.
create function _supautils.beyond_grants(rel oid) returns boolean
language sql stable set search_path = ''
as $$
  select c.relowner::regrole::name = any (_supautils.owner_roles())
    and format('%s.%s', n.nspname, c.relname) <> all (_supautils.granted_tables())
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = rel
$$;

create function _supautils.refuse(kind text, name text) returns void
language plpgsql set search_path = ''
as $$
begin
  raise exception 'must be owner of % %', kind, name using errcode = '42501';
end
$$;

-- The owner roles `postgres` was made a member of for the statement running (a transaction-local setting).
create function _supautils.elevated_roles() returns text[]
language sql stable set search_path = ''
as $$
  select coalesce(
    pg_catalog.string_to_array(nullif(pg_catalog.current_setting('_supautils.elevated', true), ''), ','),
    '{}')
$$;

create function _supautils.elevate() returns event_trigger
language plpgsql security definer set search_path = ''
as $$
declare
  owner name;
begin
  if session_user <> 'postgres' then
    return;
  end if;
  -- A COMMENT needs the membership only when it is on a policy, and the keyword POLICY is written out in the
  -- statement's text (or in the text of the statement whose code runs it). A comment on anything else is left to
  -- PostgreSQL's own ownership check, as supautils leaves it, without a grant and a revoke: they took about three
  -- quarters of a millisecond, paid by each of the hundreds of comments a migration history holds.
  if tg_tag = 'COMMENT' and pg_catalog.current_query() !~* '\mpolicy\M' then
    return;
  end if;
  foreach owner in array _supautils.owner_roles() loop
    if not pg_catalog.pg_has_role('postgres', owner, 'MEMBER') then
      execute pg_catalog.format('grant %I to postgres', owner);
      perform pg_catalog.set_config(
        '_supautils.elevated', pg_catalog.array_to_string(_supautils.elevated_roles() || owner::text, ','), true);
    end if;
  end loop;
end
$$;

create function _supautils.lower() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  owner text;
begin
  foreach owner in array _supautils.elevated_roles() loop
    execute pg_catalog.format('revoke %I from postgres', owner);
  end loop;
  perform pg_catalog.set_config('_supautils.elevated', '', true);
end
$$;

-- At the end of every such statement: drop the membership, then refuse what only it allowed (drops are checked as
-- they happen, by check_drop; they report no commands here).
create function _supautils.check_end() returns event_trigger
language plpgsql security definer set search_path = ''
as $$
declare
  cmd record;
  rel oid;
  obj_owner oid;
  obj_kind text;
  obj_name text;
begin
  if pg_catalog.cardinality(_supautils.elevated_roles()) = 0 then
    return;
  end if;
  perform _supautils.lower();
  for cmd in select * from pg_catalog.pg_event_trigger_ddl_commands() loop
    if cmd.classid = 'pg_catalog.pg_policy'::regclass then
      select polrelid into rel from pg_catalog.pg_policy where oid = cmd.objid;
      if _supautils.beyond_grants(rel) then
        perform _supautils.refuse('table', (select relname from pg_catalog.pg_class where oid = rel));
      end if;
    elsif cmd.command_tag = 'COMMENT' then
      -- The object's owner, and its kind and name as PostgreSQL's ownership error gives them.
      select o.role, o.kind, o.label into obj_owner, obj_kind, obj_name from (
        select relowner as role, case when cmd.objsubid <> 0 then 'relation' when relkind = 'v' then 'view'
            when relkind = 'm' then 'materialized view' when relkind = 'S' then 'sequence'
            when relkind = 'f' then 'foreign table' when relkind = 'i' then 'index' else 'table' end as kind,
          relname::text as label
          from pg_catalog.pg_class
          where cmd.classid = 'pg_catalog.pg_class'::regclass and oid = cmd.objid
        union all
        select c.relowner, 'table', c.relname::text
          from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
          where cmd.classid = 'pg_catalog.pg_trigger'::regclass and t.oid = cmd.objid
        union all
        select c.relowner, 'table', c.relname::text
          from pg_catalog.pg_constraint k join pg_catalog.pg_class c on c.oid = k.conrelid
          where cmd.classid = 'pg_catalog.pg_constraint'::regclass and k.oid = cmd.objid
        union all
        select proowner, 'function', cmd.object_identity from pg_catalog.pg_proc
          where cmd.classid = 'pg_catalog.pg_proc'::regclass and oid = cmd.objid
        union all
        select typowner, 'type', cmd.object_identity from pg_catalog.pg_type
          where cmd.classid = 'pg_catalog.pg_type'::regclass and oid = cmd.objid
      ) o;
      if obj_owner::regrole::name = any (_supautils.owner_roles()) then
        perform _supautils.refuse(obj_kind, obj_name);
      end if;
    end if;
  end loop;
end
$$;

-- DROP POLICY / DROP TRIGGER: the objects are gone by ddl_command_end, so they are checked as they are dropped.
create function _supautils.check_drop() returns event_trigger
language plpgsql security definer set search_path = ''
as $$
declare
  dropped record;
  rel oid;
begin
  if pg_catalog.cardinality(_supautils.elevated_roles()) = 0 then
    return;
  end if;
  for dropped in select * from pg_catalog.pg_event_trigger_dropped_objects() loop
    if dropped.object_type in ('policy', 'trigger') and dropped.original then
      rel := pg_catalog.to_regclass(pg_catalog.format('%I.%I', dropped.address_names[1], dropped.address_names[2]));
      if rel is not null and _supautils.beyond_grants(rel) then
        perform _supautils.refuse('table', dropped.address_names[2]);
      end if;
    end if;
  end loop;
end
$$;

revoke all on all functions in schema _supautils from public;

create event trigger _supautils_table_grants_start on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER', 'COMMENT')
  execute function _supautils.elevate();
create event trigger _supautils_table_grants_end on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER', 'COMMENT')
  execute function _supautils.check_end();
create event trigger _supautils_table_grants_drop on sql_drop
  when tag in ('DROP POLICY', 'DROP TRIGGER')
  execute function _supautils.check_drop();
