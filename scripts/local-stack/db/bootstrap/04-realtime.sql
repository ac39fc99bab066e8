-- The `realtime` schema as Supabase Realtime (v2.102 line) leaves it after its tenant migrations: the broadcast /
-- authorisation table realtime.messages, the postgres_changes bookkeeping (realtime.subscription and its filter
-- helpers), realtime.send() and friends. Written from the facts of supabase/realtime `tenant_db_dump_17.sql` and
-- `lib/realtime/tenants/repo/migrations/*.ex`; this is the consolidated end state, not a replay of the migrations.
--
-- Runs once, as the cluster superuser `supabase_admin`, after 00-roles.sql and 01-extensions-and-public.sql.
--
-- Deliberately different from a hosted project:
--   * realtime.list_changes() is not created. Its only job is to read a logical slot through the wal2json output
--     plugin (pg_logical_slot_get_changes with wal2json options), and stock PostgreSQL has no wal2json, so it could
--     be created but never work. realtime.apply_rls() is created: it is plain PL/pgSQL over a wal2json-format (v2)
--     JSON record, so it works on stock PostgreSQL for a caller that builds such a record itself (for example from
--     pgoutput).
--   * A DEFAULT partition of realtime.messages exists (see there).
--   * Objects newer than the v2.102 line are left out: the `skip_broadcast` column of realtime.messages and the
--     functions realtime.settled_changes() / realtime.list_changes_sync() (both wal2json readers anyway).
--   * realtime.send() has no bytea overload. One existed briefly upstream and made `realtime.send('{}', …)` fail
--     with "function is not unique"; upstream replaced it with realtime.send_binary() (supabase/realtime PR #1938),
--     which is what is here.
--   * realtime.schema_migrations is left empty: nothing here runs Realtime's migrations.

create schema realtime authorization supabase_admin;

-- postgres may pass USAGE on; supabase_realtime_admin (the owner of everything below) may create in the schema.
grant usage on schema realtime to postgres with grant option;
grant usage on schema realtime to anon, authenticated, service_role;
grant all on schema realtime to supabase_realtime_admin with grant option;

-- Realtime's migration bookkeeping (an Ecto schema_migrations table). Owned by supabase_admin, and upstream revokes
-- every grant on it from postgres, dashboard_user and the API roles; creating it before the default privileges below
-- leaves it without any.
create table realtime.schema_migrations (
  version bigint primary key,
  inserted_at timestamp(0)
);
alter table realtime.schema_migrations owner to supabase_admin;

-- Whatever supabase_admin creates here later is usable by postgres and dashboard_user; on tables postgres also gets
-- SELECT and INSERT with grant option (as upstream), so it can pass those on.
alter default privileges for role supabase_admin in schema realtime
  grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_admin in schema realtime
  grant select, insert on tables to postgres with grant option;
alter default privileges for role supabase_admin in schema realtime
  grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_admin in schema realtime
  grant all on functions to postgres, dashboard_user;

-- Everything else is created by, and so owned by, supabase_realtime_admin (no default privileges apply to it, so the
-- grants at the end of this file are the complete ACLs).
set role supabase_realtime_admin;

-- ---------------------------------------------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------------------------------------------

create type realtime.action as enum ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'ERROR');

-- Operators a postgres_changes filter may use (`filter: 'id=eq.1'` in supabase-js).
create type realtime.equality_op as enum (
  'eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'
);

create type realtime.user_defined_filter as (
  column_name text,
  op realtime.equality_op,
  value text,
  negate boolean
);

-- One column of a decoded WAL record, as apply_rls() sees it.
create type realtime.wal_column as (
  name text,
  type_name text,
  type_oid oid,
  value jsonb,
  is_pkey boolean,
  is_selectable boolean
);

-- One output row of apply_rls(): the change as sent to clients and the subscriptions allowed to see it.
create type realtime.wal_rls as (
  wal jsonb,
  is_rls_enabled boolean,
  subscription_ids uuid[],
  errors text[]
);

-- ---------------------------------------------------------------------------------------------------------------
-- Helpers for postgres_changes filters
-- ---------------------------------------------------------------------------------------------------------------

-- Declared immutable (a regrole cast really depends on the catalog) so it can feed the generated column
-- realtime.subscription.claims_role. Raises for an unknown role name.
create function realtime.to_regrole(role_name text)
returns regrole
language sql
immutable
as $$
  select role_name::regrole;
$$;

-- A text value as jsonb of the given type, e.g. ('1', 'int4') -> 1. Raises if the text is not a valid value of the
-- type, which is how filter values are validated.
create function realtime."cast"(val text, type_ regtype)
returns jsonb
language plpgsql
immutable
as $$
declare
  result jsonb;
begin
  -- bytea stays the text it arrived as; casting it would encode it a second time.
  if type_ = 'bytea'::regtype then
    return to_jsonb(val);
  end if;
  execute format('select to_jsonb(%L::%s)', val, type_::text) into result;
  return result;
end;
$$;

-- Older four-argument form (no negation, only eq … in). Kept because the upstream schema still has it; nothing here
-- calls it.
create function realtime.check_equality_op(op realtime.equality_op, type_ regtype, val_1 text, val_2 text)
returns boolean
language plpgsql
immutable
as $$
declare
  operator_sql text := case op
    when 'eq' then '='
    when 'neq' then '!='
    when 'lt' then '<'
    when 'lte' then '<='
    when 'gt' then '>'
    when 'gte' then '>='
    when 'in' then '= any'
  end;
  result boolean;
begin
  if operator_sql is null then
    raise exception 'unsupported equality operator: %', op::text;
  end if;
  execute format(
    'select %L::%s %s (%L::%s)',
    val_1, type_::text, operator_sql, val_2,
    case when op = 'in' then type_::text || '[]' else type_::text end
  ) into result;
  return result;
end;
$$;

-- Does `val_1 <op> val_2` hold once both are cast to type_ (val_2 is an array literal for `in`)? `negate` turns the
-- test around (`not.eq`, `is not`, `is not distinct from`).
create function realtime.check_equality_op(
  op realtime.equality_op, type_ regtype, val_1 text, val_2 text, negate boolean
)
returns boolean
language plpgsql
stable
as $$
declare
  operator_sql text;
  result boolean;
begin
  if op = 'isdistinct' then
    execute format(
      'select %L::%s %s %L::%s',
      val_1, type_::text,
      case when negate then 'is not distinct from' else 'is distinct from' end,
      val_2, type_::text
    ) into result;
    return result;
  end if;

  -- `is` takes a keyword on its right (is null / is true …), not a typed literal.
  if op = 'is' then
    if val_2 not in ('null', 'true', 'false', 'unknown') then
      raise exception 'invalid value for is filter: must be null, true, false, or unknown';
    end if;
    execute format(
      'select %L::%s %s %s',
      val_1, type_::text, case when negate then 'is not' else 'is' end, upper(val_2)
    ) into result;
    return result;
  end if;

  operator_sql := case op
    when 'eq' then '='
    when 'neq' then '!='
    when 'lt' then '<'
    when 'lte' then '<='
    when 'gt' then '>'
    when 'gte' then '>='
    when 'in' then '= any'
    when 'like' then 'like'
    when 'ilike' then 'ilike'
    when 'match' then '~'
    when 'imatch' then '~*'
  end;
  if operator_sql is null then
    raise exception 'unsupported equality operator: %', op::text;
  end if;

  execute format(
    'select %L::%s %s (%L::%s)',
    val_1, type_::text, operator_sql, val_2,
    case when op = 'in' then type_::text || '[]' else type_::text end
  ) into result;

  return case when negate then not result else result end;
end;
$$;

-- True when the record passes every filter: no filters at all passes; a filter on a column the record does not
-- carry fails; a comparison that yields null fails.
create function realtime.is_visible_through_filters(
  columns realtime.wal_column[], filters realtime.user_defined_filter[]
)
returns boolean
language sql
stable
as $$
  select
    filters is null
    or array_length(filters, 1) is null
    or coalesce(
      bool_and(
        case
          when col.name is null then false
          else coalesce(
            realtime.check_equality_op(
              op => f.op,
              type_ => coalesce(col.type_oid::regtype, col.type_name::regtype),
              val_1 => col.value #>> '{}',
              val_2 => f.value,
              negate => coalesce(f.negate, false)
            ),
            false
          )
        end
      ),
      false
    )
  from unnest(filters) f
  left join unnest(columns) col on col.name = f.column_name;
$$;

-- The `prepare` statement apply_rls() runs as a subscriber's role: does a row with this primary key exist (i.e. is
-- it visible through that role's RLS policies)? Returns null when the columns carry no primary key.
create function realtime.build_prepared_statement_sql(
  prepared_statement_name text, entity regclass, columns realtime.wal_column[]
)
returns text
language sql
as $$
  select format(
    'prepare %s as select exists (select 1 from %s where %s)',
    prepared_statement_name,
    entity,
    string_agg(format('%I = %L', pk.name, pk.value #>> '{}'), ' and ')
  )
  from unnest(columns) pk
  where pk.is_pkey
  having count(*) > 0;
$$;

-- wal2json's `add-tables` option treats `,`, `.` and whitespace as separators, so inside a name those characters
-- (and the backslash itself) are escaped with a backslash.
create function realtime.wal2json_escape_identifier(name text)
returns text
language sql
immutable
strict
as $$
  select regexp_replace(name, '[\\,.[:space:]]', '\\\&', 'g');
$$;

-- A table as wal2json's `add-tables` option wants it: schema.table, each part escaped as above.
create function realtime.quote_wal2json(entity regclass)
returns text
language sql
immutable
strict
as $$
  select realtime.wal2json_escape_identifier(n.nspname::text) || '.' || realtime.wal2json_escape_identifier(c.relname::text)
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = entity;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- realtime.subscription: one row per postgres_changes subscriber (written by the Realtime server)
-- ---------------------------------------------------------------------------------------------------------------

-- Checks a subscription before it is stored: every filter column exists and is readable by the subscriber's role,
-- every filter value fits the column's type and operator, selected columns exist. Then puts filters and selected
-- columns in a fixed order, so the unique index sees equal subscriptions as equal.
create function realtime.subscription_check_filters()
returns trigger
language plpgsql
as $$
declare
  readable_columns text[] := coalesce(
    (
      select array_agg(a.attname::text order by a.attnum)
      from pg_catalog.pg_attribute a
      where a.attrelid = new.entity
        and a.attnum > 0
        and not a.attisdropped
        and pg_catalog.has_column_privilege(new.claims ->> 'role', a.attrelid, a.attnum, 'SELECT')
    ),
    '{}'
  );
  f realtime.user_defined_filter;
  column_type regtype;
  in_values jsonb;
  selected text;
begin
  for f in select * from unnest(new.filters) loop
    if not f.column_name = any(readable_columns) then
      raise exception 'invalid column for filter %', f.column_name;
    end if;

    column_type := (
      select a.atttypid::regtype
      from pg_catalog.pg_attribute a
      where a.attrelid = new.entity and a.attname = f.column_name
    );
    if column_type is null then
      raise exception 'failed to lookup type for column %', f.column_name;
    end if;

    if f.op = 'in' then
      in_values := realtime.cast(f.value, (column_type::text || '[]')::regtype);
      if coalesce(jsonb_array_length(in_values), 0) > 100 then
        raise exception 'too many values for `in` filter. Maximum 100';
      end if;
    elsif f.op = 'is' then
      if f.value not in ('null', 'true', 'false', 'unknown') then
        raise exception 'invalid value for is filter: must be null, true, false, or unknown';
      end if;
      -- `is null` works on any column, `is true/false/unknown` only on a boolean one.
      if f.value <> 'null' and column_type <> 'boolean'::regtype then
        raise exception 'is % filter requires a boolean column, got %', f.value, column_type::text;
      end if;
    elsif f.op in ('like', 'ilike') then
      if not exists (
        select 1 from pg_catalog.pg_operator o where o.oprname = '~~' and o.oprleft = column_type
      ) then
        raise exception 'operator % requires a text-compatible column type, got %', f.op::text, column_type::text;
      end if;
    elsif f.op in ('match', 'imatch') then
      if not exists (
        select 1
        from pg_catalog.pg_operator o
        where o.oprname = case when f.op = 'imatch' then '~*' else '~' end
          and o.oprleft = column_type
          and o.oprright = column_type
          and o.oprresult = 'boolean'::regtype
      ) then
        raise exception 'operator % requires a text-compatible column type, got %', f.op::text, column_type::text;
      end if;
      -- A bad pattern is rejected now rather than failing later for every change to the table.
      begin
        perform '' ~ f.value;
      exception when others then
        raise exception 'invalid regular expression for % filter: %', f.op::text, sqlerrm;
      end;
    else
      -- eq, neq, lt, lte, gt, gte, isdistinct: the value must be a valid value of the column's type.
      perform realtime.cast(f.value, column_type);
    end if;
  end loop;

  if new.selected_columns is not null then
    foreach selected in array new.selected_columns loop
      if not selected = any(readable_columns) then
        raise exception 'invalid column for select %', selected;
      end if;
    end loop;
  end if;

  new.filters := coalesce(
    (select array_agg(x order by x.column_name, x.op, x.value, x.negate) from unnest(new.filters) x),
    '{}'
  );

  -- '{}' (only the primary key) must stay distinct from null (all columns), so it is not run through array_agg.
  if new.selected_columns is not null and cardinality(new.selected_columns) > 0 then
    new.selected_columns := (select array_agg(c order by c) from unnest(new.selected_columns) c);
  end if;

  return new;
end;
$$;

create table realtime.subscription (
  id bigint generated always as identity,
  subscription_id uuid not null,
  entity regclass not null,
  filters realtime.user_defined_filter[] not null default '{}',
  claims jsonb not null,
  -- The role whose privileges and RLS policies decide what this subscriber sees (the JWT's `role` claim).
  claims_role regrole not null generated always as (realtime.to_regrole(claims ->> 'role')) stored,
  created_at timestamp not null default timezone('utc', now()),
  -- Which kinds of change the subscriber asked for.
  action_filter text default '*' check (action_filter in ('*', 'INSERT', 'UPDATE', 'DELETE')),
  -- Columns to send (null: all readable columns; '{}': only the primary key, which is always sent).
  selected_columns text[],
  constraint pk_subscription primary key (id)
);

create index ix_realtime_subscription_entity on realtime.subscription using btree (entity);

-- (The name is upstream's, cut to PostgreSQL's 63-character limit.)
create unique index subscription_subscription_id_entity_filters_action_filter_selec
  on realtime.subscription (subscription_id, entity, filters, action_filter, coalesce(selected_columns, '{}'));

create trigger tr_check_filters
  before insert or update on realtime.subscription
  for each row execute function realtime.subscription_check_filters();

-- ---------------------------------------------------------------------------------------------------------------
-- realtime.messages: broadcast-from-database messages and private-channel authorisation
-- ---------------------------------------------------------------------------------------------------------------

-- Rows inserted here (by realtime.send() or directly) are broadcast to channel `topic` by the Realtime server, which
-- reads the table through logical replication, so it stays an ordinary logged table. The server also authorises
-- private channels with it: it inserts probe rows and checks, as the user's role, whether the user's RLS policies
-- let that role see / insert them (policies typically test realtime.topic() and `extension`).
create table realtime.messages (
  topic text not null,
  extension text not null, -- 'broadcast' or 'presence'
  payload jsonb,
  event text,
  private boolean default false, -- (realtime.send() defaults to true)
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_pkey primary key (id, inserted_at)
) partition by range (inserted_at);

-- NOT VALID as upstream, which added it to tables that already held rows: it binds new rows only.
alter table realtime.messages
  add constraint messages_payload_exclusive check (payload is null or binary_payload is null) not valid;

create index messages_inserted_at_topic_index
  on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

-- RLS on with no policies: the API roles hold grants (below) but see and insert nothing until a project adds
-- policies. postgres and service_role bypass RLS.
alter table realtime.messages enable row level security;

-- Not upstream. The real Realtime server creates daily partitions (realtime.messages_YYYY_MM_DD, yesterday through
-- three days ahead) when it connects and drops old ones; our local stack is not that server, and without any
-- partition every insert fails with "no partition of relation "messages" found for row". This catch-all partition
-- makes realtime.send() and the authorisation probes work. Two consequences: nothing prunes it, and a later
-- CREATE TABLE … PARTITION OF realtime.messages FOR VALUES … fails while this partition holds rows in that range
-- (move or delete them first). No grants: the API roles reach it only through realtime.messages and its RLS.
create table realtime.messages_default partition of realtime.messages default;

-- The topic of the channel being authorised or sent to, for use in RLS policies on realtime.messages. Set (locally
-- to the transaction) by the Realtime server and by realtime.send(); null when unset or empty.
create function realtime.topic()
returns text
language sql
stable
as $$
  select nullif(current_setting('realtime.topic', true), '');
$$;

-- Broadcast `payload` as `event` to channel `topic` (a private channel unless private => false). Adds an `id` to
-- the payload when it has none. Never fails: any error (typically an RLS policy refusing the insert) is reported as
-- a WARNING "WarnSendingBroadcastMessage: …" and the call returns normally.
create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  message_id uuid := gen_random_uuid();
begin
  perform set_config('realtime.topic', topic, true);

  insert into realtime.messages (id, payload, event, topic, private, extension)
  values (
    message_id,
    case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(message_id)) end,
    event,
    topic,
    private,
    'broadcast'
  );
exception when others then
  raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
end;
$$;

-- The same for a binary payload (stored in binary_payload; no id is added).
create function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
begin
  perform set_config('realtime.topic', topic, true);

  insert into realtime.messages (id, binary_payload, event, topic, private, extension)
  values (gen_random_uuid(), payload, event, topic, private, 'broadcast');
exception when others then
  raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
end;
$$;

-- For row triggers: broadcast a change as {operation, table, schema, record, old_record}, e.g.
--   perform realtime.broadcast_changes('room:' || new.room_id, tg_op, tg_op, tg_table_name, tg_table_schema,
--                                      new, old);
-- Unlike send(), it does raise on failure.
create function realtime.broadcast_changes(
  topic_name text,
  event_name text,
  operation text,
  table_name text,
  table_schema text,
  new record,
  old record,
  level text default 'ROW'
)
returns void
language plpgsql
as $$
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;

  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;

  perform realtime.send(
    jsonb_build_object(
      'operation', operation,
      'table', table_name,
      'schema', table_schema,
      'record', new,
      'old_record', old
    ),
    event_name,
    topic_name
  );
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- realtime.apply_rls: which postgres_changes subscribers may see one change
-- ---------------------------------------------------------------------------------------------------------------

-- Input: one change in wal2json format-version 2 ({action: I/U/D, schema, table, timestamp, columns: [{name, type,
-- typeoid, value}], identity: [...old values...], pk: [{name, …}]}). For each role among the table's subscribers
-- (realtime.subscription.claims_role) it works out which columns the role may read and, when the table has RLS and
-- the change is not a delete, whether the row is visible to that role (running a prepared `select exists(…)` as
-- the role, with request.jwt.claims set to the subscriber's claims). Returns one row per role and selected-column
-- set: the change as clients receive it, and the subscription ids allowed to receive it. Errors per row: "Error 400:
-- Bad Request, no primary key", "Error 401: Unauthorized" (role cannot read the key), "Error 413: Payload Too Large"
-- (record over max_record_bytes: only values of at most 64 bytes are sent).
-- Deletes skip the RLS check (the row is gone); with RLS on, only the key of a deleted row is sent.
create function realtime.apply_rls(wal jsonb, max_record_bytes integer default (1024 * 1024))
returns setof realtime.wal_rls
language plpgsql
as $$
declare
  entity_ regclass := (quote_ident(wal ->> 'schema') || '.' || quote_ident(wal ->> 'table'))::regclass;
  action realtime.action := case wal ->> 'action'
    when 'I' then 'INSERT'
    when 'U' then 'UPDATE'
    when 'D' then 'DELETE'
    else 'ERROR'
  end;
  is_rls_enabled boolean := (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = entity_);
  subscriptions realtime.subscription[] := (
    select array_agg(s)
    from realtime.subscription s
    where s.entity = entity_ and s.action_filter in ('*', action::text)
  );
  too_big boolean := octet_length(wal::text) > max_record_bytes;
  header jsonb := jsonb_build_object('schema', wal ->> 'schema', 'table', wal ->> 'table', 'type', action);
  columns realtime.wal_column[];
  old_columns realtime.wal_column[];
  role_ regrole;
  column_group text[];
  sub_id uuid;
  sub_claims jsonb;
  has_access boolean;
  role_visible_ids uuid[];
  output jsonb;
begin
  perform set_config('role', null, true);

  -- New values ("columns") and old values ("identity"), typed; is_selectable is filled in per role below.
  columns := (
    select array_agg(
      (
        x ->> 'name',
        x ->> 'type',
        (x ->> 'typeoid')::oid,
        realtime.cast((x -> 'value') #>> '{}', coalesce((x ->> 'typeoid')::regtype, (x ->> 'type')::regtype)),
        exists (select 1 from jsonb_array_elements(wal -> 'pk') p where p ->> 'name' = x ->> 'name'),
        true
      )::realtime.wal_column
      order by ord
    )
    from jsonb_array_elements(wal -> 'columns') with ordinality as e(x, ord)
  );
  old_columns := (
    select array_agg(
      (
        x ->> 'name',
        x ->> 'type',
        (x ->> 'typeoid')::oid,
        realtime.cast((x -> 'value') #>> '{}', coalesce((x ->> 'typeoid')::regtype, (x ->> 'type')::regtype)),
        exists (select 1 from jsonb_array_elements(wal -> 'pk') p where p ->> 'name' = x ->> 'name'),
        true
      )::realtime.wal_column
      order by ord
    )
    from jsonb_array_elements(wal -> 'identity') with ordinality as e(x, ord)
  );

  for role_ in
    select r from (select distinct s.claims_role as r from unnest(subscriptions) s) roles order by r::text
  loop
    columns := (
      select array_agg(
        (c.name, c.type_name, c.type_oid, c.value, c.is_pkey,
         pg_catalog.has_column_privilege(role_, entity_, c.name, 'SELECT'))::realtime.wal_column
        order by c.ord
      )
      from unnest(columns) with ordinality as c(name, type_name, type_oid, value, is_pkey, is_selectable, ord)
    );
    old_columns := (
      select array_agg(
        (c.name, c.type_name, c.type_oid, c.value, c.is_pkey,
         pg_catalog.has_column_privilege(role_, entity_, c.name, 'SELECT'))::realtime.wal_column
        order by c.ord
      )
      from unnest(old_columns) with ordinality as c(name, type_name, type_oid, value, is_pkey, is_selectable, ord)
    );

    if action <> 'DELETE' and not exists (select 1 from unnest(columns) c where c.is_pkey) then
      return query
        select header, is_rls_enabled, array_agg(s.subscription_id), array['Error 400: Bad Request, no primary key']
        from unnest(subscriptions) s
        where s.claims_role = role_
        group by s.selected_columns
        order by coalesce(array_to_string(s.selected_columns, ','), '');

    elsif action <> 'DELETE'
      and exists (select 1 from unnest(columns) c where c.is_pkey and c.is_selectable is not true) then
      return query
        select header, is_rls_enabled, array_agg(s.subscription_id), array['Error 401: Unauthorized']
        from unnest(subscriptions) s
        where s.claims_role = role_
        group by s.selected_columns
        order by coalesce(array_to_string(s.selected_columns, ','), '');

    else
      if is_rls_enabled and action <> 'DELETE' then
        if exists (select 1 from pg_catalog.pg_prepared_statements where name = 'walrus_rls_stmt') then
          deallocate walrus_rls_stmt;
        end if;
        execute realtime.build_prepared_statement_sql('walrus_rls_stmt', entity_, columns);
      end if;

      -- Subscriptions of this role whose filters the change passes (a delete may pass on its old values) and, under
      -- RLS, that can see the row.
      role_visible_ids := '{}';
      for sub_id, sub_claims in
        select s.subscription_id, s.claims
        from unnest(subscriptions) s
        where s.entity = entity_
          and s.claims_role = role_
          and (
            realtime.is_visible_through_filters(columns, s.filters)
            or (action = 'DELETE' and realtime.is_visible_through_filters(old_columns, s.filters))
          )
      loop
        if not is_rls_enabled or action = 'DELETE' then
          role_visible_ids := role_visible_ids || sub_id;
        else
          -- regrole prints a name that needs quoting with its quotes, which set_config('role') does not accept.
          perform set_config('role', trim(both '"' from role_::text), true),
                  set_config('request.jwt.claims', sub_claims::text, true);
          execute 'execute walrus_rls_stmt' into has_access;
          -- Back to the caller's role at once: the loop fetches its next rows as whatever role is current.
          perform set_config('role', null, true);
          if has_access then
            role_visible_ids := role_visible_ids || sub_id;
          end if;
        end if;
      end loop;
      perform set_config('role', null, true);

      -- One output per set of selected columns among this role's subscriptions.
      for column_group in
        select g.selected
        from (select distinct s.selected_columns as selected from unnest(subscriptions) s where s.claims_role = role_) g
        order by coalesce(array_to_string(g.selected, ','), '')
      loop
        output := header || jsonb_build_object(
          'commit_timestamp',
          to_char((wal ->> 'timestamp')::timestamptz at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'columns',
          (
            select jsonb_agg(jsonb_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
            from pg_catalog.pg_attribute a
            join pg_catalog.pg_type t on t.oid = a.atttypid
            where a.attrelid = entity_
              and a.attnum > 0
              and not a.attisdropped
              and pg_catalog.has_column_privilege(role_, entity_, a.attnum, 'SELECT')
              and (
                column_group is null
                or a.attname = any(column_group)
                or exists (
                  select 1 from pg_catalog.pg_constraint k
                  where k.conrelid = entity_ and k.contype = 'p' and a.attnum = any(k.conkey)
                )
              )
          )
        );

        if action in ('INSERT', 'UPDATE') then
          -- A column missing from the new values (an unchanged TOASTed value) is taken from the old ones.
          output := output || jsonb_build_object(
            'record',
            (
              select jsonb_object_agg(coalesce(c.name, o.name), case when c.name is null then o.value else c.value end)
              from unnest(columns) c
              full join unnest(old_columns) o on o.name = c.name
              where coalesce(c.is_selectable, o.is_selectable)
                and (column_group is null or coalesce(c.name, o.name) = any(column_group) or coalesce(c.is_pkey, o.is_pkey))
                and (not too_big or octet_length(c.value::text) <= 64)
            )
          );
        end if;

        if action in ('UPDATE', 'DELETE') then
          output := output || jsonb_build_object(
            'old_record',
            (
              select jsonb_object_agg(o.name, o.value)
              from unnest(old_columns) o
              where o.is_selectable
                and (column_group is null or o.name = any(column_group) or o.is_pkey)
                and (not too_big or octet_length(o.value::text) <= 64)
                and (action = 'UPDATE' or not is_rls_enabled or o.is_pkey)
            )
          );
        end if;

        return next (
          output,
          is_rls_enabled,
          coalesce(
            (
              select array_agg(s.subscription_id)
              from unnest(subscriptions) s
              where s.claims_role = role_
                and s.selected_columns is not distinct from column_group
                and s.subscription_id = any(role_visible_ids)
            ),
            '{}'
          ),
          case when too_big then array['Error 413: Payload Too Large'] else '{}' end
        )::realtime.wal_rls;
      end loop;
    end if;
  end loop;

  perform set_config('role', null, true);
end;
$$;

reset role;

-- ---------------------------------------------------------------------------------------------------------------
-- Grants (functions also keep PostgreSQL's default EXECUTE for PUBLIC, as upstream)
-- ---------------------------------------------------------------------------------------------------------------

grant all on table realtime.messages to postgres, dashboard_user;
grant select, insert on table realtime.messages to postgres with grant option;
grant select, insert, update on table realtime.messages to anon, authenticated, service_role;

grant all on table realtime.subscription to postgres, dashboard_user;
grant select on table realtime.subscription to anon, authenticated, service_role;
grant all on sequence realtime.subscription_id_seq to postgres, dashboard_user;
grant usage on sequence realtime.subscription_id_seq to anon, authenticated, service_role;

-- Named grants to postgres and dashboard_user only.
grant execute on function
  realtime.topic(),
  realtime.send(jsonb, text, text, boolean),
  realtime.send_binary(bytea, text, text, boolean),
  realtime.broadcast_changes(text, text, text, text, text, record, record, text),
  realtime.wal2json_escape_identifier(text)
to postgres, dashboard_user;

-- The postgres_changes helpers are also granted to the API roles by name.
grant execute on function
  realtime.apply_rls(jsonb, integer),
  realtime.build_prepared_statement_sql(text, regclass, realtime.wal_column[]),
  realtime."cast"(text, regtype),
  realtime.check_equality_op(realtime.equality_op, regtype, text, text),
  realtime.check_equality_op(realtime.equality_op, regtype, text, text, boolean),
  realtime.is_visible_through_filters(realtime.wal_column[], realtime.user_defined_filter[]),
  realtime.quote_wal2json(regclass),
  realtime.subscription_check_filters(),
  realtime.to_regrole(text)
to postgres, dashboard_user, anon, authenticated, service_role;
