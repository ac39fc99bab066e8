-- The `storage` schema as Storage API v1.60 (supabase/storage tenant migrations 0000-0060, the set the Supabase CLI
-- 3.1.0 pins with storage-api v1.60.2) leaves it: the final state written out directly, not a replay of migrations.
-- Runs once, in one transaction, as the cluster superuser `supabase_admin`, after 00-roles.sql and
-- 01-extensions-and-public.sql.
--
-- Sources: reference/supabase-database-bootstrap.md §2 and §5, the storage-api migration files, and pg_dumps of
-- project databases whose storage.migrations stopped at 60 ('optimize-existing-functions-again').
--
-- Deliberately NOT here:
--   * The object-versioning columns (objects.is_delete_marker/is_versioned/archived_at, buckets.versioning_status)
--     and the search-name fix. Those come from migrations 0061-0063, after v1.60.
--   * storage.prefixes and objects.level. Migrations 0026-0043 add them and later migrations remove them, so a
--     database created at v1.60 never has them.
--   * A foreign key from buckets.owner / objects.owner to auth.users. Migration 0017 dropped it, which is also why
--     this file does not depend on 02-auth.sql.
--   * Policies. Storage ships none, and `supabase db reset` drops every policy anyway.

-- ---------------------------------------------------------------------------------------------------------------
-- Schema, owned by supabase_admin: `supabase db reset --remote` drops every schema that is not owned by
-- supabase_admin. The objects inside it belong to supabase_storage_admin (storage-api's login).
-- ---------------------------------------------------------------------------------------------------------------
create schema storage authorization supabase_admin;

grant usage on schema storage to postgres with grant option;
grant usage on schema storage to anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin with grant option;
grant all on schema storage to dashboard_user;

-- Objects that postgres (migrations, the dashboard) creates in storage are reachable by the API roles. Tables
-- created by supabase_storage_admin below are not covered by this. Each one gets explicit grants instead.
alter default privileges for role postgres in schema storage
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage
  grant all on functions to postgres, anon, authenticated, service_role;

-- Everything from here on is created by, and so owned by, supabase_storage_admin. It is the owner that grants
-- below (so the grantor in the ACLs is supabase_storage_admin, as on Supabase).
set role supabase_storage_admin;

-- ---------------------------------------------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------------------------------------------
create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');

-- ---------------------------------------------------------------------------------------------------------------
-- Tables (columns in upstream catalog order, so `select *` and generated types match a real project)
-- ---------------------------------------------------------------------------------------------------------------

-- Bookkeeping of storage-api's own migrations. It is filled in at the end of this file.
create table storage.migrations (
  id          integer primary key,
  name        varchar(100) not null constraint migrations_name_key unique,
  hash        varchar(40) not null,
  executed_at timestamp default current_timestamp
);

create table storage.buckets (
  id                 text primary key,
  name               text not null,
  owner              uuid,
  created_at         timestamptz default now(),
  updated_at         timestamptz default now(),
  public             boolean default false,
  avif_autodetection boolean default false,
  file_size_limit    bigint,          -- bytes; null means the server-wide limit applies
  allowed_mime_types text[],
  owner_id           text,
  type               storage.buckettype not null default 'STANDARD'
);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
create unique index bname on storage.buckets (name);

create table storage.objects (
  id               uuid primary key default gen_random_uuid(),
  -- Nullable, and the FK has no ON DELETE action. Because of that, a bucket cannot be deleted while it still has objects.
  bucket_id        text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name             text,
  owner            uuid,
  created_at       timestamptz default now(),
  updated_at       timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata         jsonb,             -- size, mimetype, eTag, cacheControl, ... written by the server
  path_tokens      text[] generated always as (string_to_array(name, '/')) stored,
  version          text,
  owner_id         text,              -- the JWT `sub` of the uploader, as text
  user_metadata    jsonb
);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
create unique index bucketid_objname on storage.objects (bucket_id, name);
create index name_prefix_search on storage.objects (name text_pattern_ops);
-- The listing functions below compare names bytewise (collate "C"), and lower-cased for storage.search.
create index idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index idx_objects_bucket_id_name_lower on storage.objects (bucket_id, lower(name) collate "C");

create table storage.s3_multipart_uploads (
  id               text primary key,
  in_progress_size bigint not null default 0,
  upload_signature text not null,
  bucket_id        text not null references storage.buckets (id),
  key              text collate "C" not null,
  version          text not null,
  owner_id         text,
  created_at       timestamptz not null default now(),
  user_metadata    jsonb,
  metadata         jsonb
);
create index idx_multipart_uploads_list on storage.s3_multipart_uploads (bucket_id, key, created_at);

create table storage.s3_multipart_uploads_parts (
  id          uuid primary key default gen_random_uuid(),
  upload_id   text not null references storage.s3_multipart_uploads (id) on delete cascade,
  size        bigint not null default 0,
  part_number integer not null,
  bucket_id   text not null references storage.buckets (id),
  key         text collate "C" not null,
  etag        text not null,
  owner_id    text,
  version     text not null,
  created_at  timestamptz not null default now()
);

-- Analytics (Iceberg) buckets. `name` was the primary key until migration 0048 renamed it and added a uuid `id`,
-- which is why `id` comes after the timestamps. A name is unique only among buckets that are not soft-deleted.
create table storage.buckets_analytics (
  name       text not null,
  type       storage.buckettype not null default 'ANALYTICS',
  format     text not null default 'ICEBERG',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  id         uuid primary key default gen_random_uuid(),
  deleted_at timestamptz
);
create unique index buckets_analytics_unique_name_idx on storage.buckets_analytics (name) where deleted_at is null;

-- The Iceberg catalog tables. storage-api creates them only when it runs single-tenant (IS_MULTITENANT unset, as
-- in `supabase start` and self-hosting). Hosted project databases do not have them: there the catalog lives in the
-- multi-tenant database.
create table storage.iceberg_namespaces (
  id          uuid primary key default gen_random_uuid(),
  bucket_name text not null,
  name        text collate "C" not null,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  metadata    jsonb not null default '{}',
  catalog_id  uuid not null references storage.buckets_analytics (id) on delete cascade
);
-- The index name still says bucket_id, but the indexed column is catalog_id. It kept its old name.
create unique index idx_iceberg_namespaces_bucket_id on storage.iceberg_namespaces (catalog_id, name);

create table storage.iceberg_tables (
  id              uuid primary key default gen_random_uuid(),
  namespace_id    uuid not null references storage.iceberg_namespaces (id) on delete cascade,
  bucket_name     text not null,
  name            text collate "C" not null,
  location        text not null,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  remote_table_id text,
  shard_key       text,
  shard_id        text,
  catalog_id      uuid not null references storage.buckets_analytics (id) on delete cascade
);
create unique index idx_iceberg_tables_namespace_id on storage.iceberg_tables (catalog_id, namespace_id, name);
create unique index idx_iceberg_tables_location on storage.iceberg_tables (location);

-- Vector buckets and their indexes.
create table storage.buckets_vectors (
  id         text primary key,
  type       storage.buckettype not null default 'VECTOR',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table storage.vector_indexes (
  id                     text primary key default gen_random_uuid(),  -- a text column with a uuid default, as upstream
  name                   text collate "C" not null,
  bucket_id              text not null references storage.buckets_vectors (id),
  data_type              text not null,
  dimension              integer not null,
  distance_metric        text not null,
  metadata_configuration jsonb,
  created_at             timestamptz not null default now(),
  updated_at             timestamptz not null default now()
);
create unique index vector_indexes_name_bucket_id_idx on storage.vector_indexes (name, bucket_id);

-- ---------------------------------------------------------------------------------------------------------------
-- Row-level security: on for every table, with no policies. The API roles therefore see nothing until a project
-- migration adds policies (service_role and postgres have BYPASSRLS).
-- ---------------------------------------------------------------------------------------------------------------
alter table storage.migrations                 enable row level security;
alter table storage.buckets                    enable row level security;
alter table storage.objects                    enable row level security;
alter table storage.s3_multipart_uploads       enable row level security;
alter table storage.s3_multipart_uploads_parts enable row level security;
alter table storage.buckets_analytics          enable row level security;
alter table storage.iceberg_namespaces         enable row level security;
alter table storage.iceberg_tables             enable row level security;
alter table storage.buckets_vectors            enable row level security;
alter table storage.vector_indexes             enable row level security;

-- ---------------------------------------------------------------------------------------------------------------
-- Grants (ALL includes MAINTAIN on PostgreSQL 17). storage.migrations gets none.
-- On hosted projects storage.objects also carries a second copy of the anon/authenticated/service_role grants with
-- postgres as grantor, left over from the image's init script. That copy is not reproduced: it adds no privilege.
-- ---------------------------------------------------------------------------------------------------------------
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;

-- Only the server (as service_role) writes multipart state. Clients can read it, but only through their policies.
grant all    on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts to service_role;
grant select on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts to anon, authenticated;

grant all on storage.buckets_analytics to anon, authenticated, service_role;

grant all    on storage.iceberg_namespaces, storage.iceberg_tables to service_role;
grant select on storage.iceberg_namespaces, storage.iceberg_tables to anon, authenticated;

grant select on storage.buckets_vectors, storage.vector_indexes to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- Helper functions used in policies. Functions keep PostgreSQL's default EXECUTE-to-PUBLIC, as upstream.
-- ---------------------------------------------------------------------------------------------------------------

-- Folder segments of an object name: 'a/b/c.png' -> {a,b}; a top-level file gives {}.
-- Policies usually write (storage.foldername(name))[1] = auth.uid()::text.
create function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  segments text[] := string_to_array(name, '/');
begin
  return segments[1 : array_length(segments, 1) - 1];
end
$$;

-- Last path segment: 'a/b/c.png' -> 'c.png'. Upstream v1.60 still leaves this one VOLATILE (migration 0061, after
-- v1.60, marks it immutable).
create function storage.filename(name text) returns text
language plpgsql
as $$
declare
  segments text[] := string_to_array(name, '/');
begin
  return segments[array_length(segments, 1)];
end
$$;

-- Text after the last '.' of the file name: 'a/b/c.tar.gz' -> 'gz'. A name without a dot gives the whole file
-- name back, not ''.
create function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  segments  text[] := string_to_array(name, '/');
  file_name text   := segments[array_length(segments, 1)];
begin
  return reverse(split_part(reverse(file_name), '.', 1));
end
$$;

-- Bytes stored per bucket, from each object's metadata.size.
create function storage.get_size_by_bucket()
returns table (size bigint, bucket_id text)
language plpgsql stable
as $$
begin
  return query
    select sum((o.metadata ->> 'size')::bigint)::bigint, o.bucket_id
    from storage.objects o
    group by o.bucket_id;
end
$$;

-- The operation the server is performing, e.g. 'object.upload' (storage-api sets `storage.operation` locally for
-- each request). Null outside a request.
create function storage.operation() returns text
language plpgsql stable
as $$
begin
  return current_setting('storage.operation', true);
end;
$$;

-- Policy helpers (migration 0058): does the current operation equal the given one / any of the given ones?
-- A leading 'storage.' is ignored on both sides. Empty or null expectations never match.
create function storage.allow_only_operation(expected_operation text) returns boolean
language sql stable
as $$
  with op as (
    select
      case when current_op like 'storage.%' then substr(current_op, 9) else current_op end as current_op,
      case when expected_operation like 'storage.%' then substr(expected_operation, 9) else expected_operation end
        as wanted_op
    from (select storage.operation() as current_op) raw
  )
  select case
           when wanted_op is null or wanted_op = '' then false
           else coalesce(current_op = wanted_op, false)
         end
  from op;
$$;

create function storage.allow_any_operation(expected_operations text[]) returns boolean
language sql stable
as $$
  with op as (
    select case when current_op like 'storage.%' then substr(current_op, 9) else current_op end as current_op
    from (select storage.operation() as current_op) raw
  )
  select exists (
    select 1
    from op
    cross join lateral unnest(expected_operations) as wanted(op_name)
    where wanted.op_name is not null
      and wanted.op_name <> ''
      and op.current_op = case when wanted.op_name like 'storage.%' then substr(wanted.op_name, 9)
                               else wanted.op_name end
  );
$$;

-- Dry run of an upload: inserts the row as the calling role (so INSERT policies are checked), then always raises
-- PT200 so that the row is rolled back. Success is signalled by that error, not by a normal return.
create function storage.can_insert_object(bucketid text, name text, owner uuid, metadata jsonb) returns void
language plpgsql
as $$
begin
  insert into storage.objects (bucket_id, name, owner, metadata) values (bucketid, name, owner, metadata);
  raise sqlstate 'PT200' using message = 'ROLLBACK', detail = 'rollback successful insert';
end
$$;

-- The part of p_key after p_prefix up to and including the next delimiter, prefixed by p_prefix ("the folder this
-- key is in, one level below the prefix"). Null if the key has no delimiter after the prefix (a file at that level).
-- get_common_prefix('a/b/c', 'a/', '/') = 'a/b/'.
create function storage.get_common_prefix(p_key text, p_prefix text, p_delimiter text) returns text
language sql immutable
as $$
  select case
           when position(p_delimiter in substring(p_key from length(p_prefix) + 1)) > 0
             then left(p_key, length(p_prefix) + position(p_delimiter in substring(p_key from length(p_prefix) + 1)))
         end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Listing functions. storage-api calls these for the list endpoints. Folders are not stored as rows: they are
-- derived from object names. All name comparisons are bytewise (collate "C") so that they can use the indexes on
-- objects.
-- ---------------------------------------------------------------------------------------------------------------

-- S3-style ListObjectsV2: the objects and "common prefixes" (folders) directly under prefix_param, in name order,
-- at most max_keys rows. A folder comes back as a row with its name (no trailing delimiter) and null id/metadata.
-- The cursor is next_token, or else start_after.
-- It skips over each folder with a single index probe, so listing a huge folder costs about one probe per returned
-- entry.
create function storage.list_objects_with_delimiter(
  _bucket_id      text,
  prefix_param    text,
  delimiter_param text,
  max_keys        integer default 100,
  start_after     text default '',
  next_token      text default '',
  sort_order      text default 'asc'
)
returns table (
  name             text,
  id               uuid,
  metadata         jsonb,
  updated_at       timestamptz,
  created_at       timestamptz,
  last_accessed_at timestamptz
)
language plpgsql stable
as $$
declare
  ascending  boolean := lower(coalesce(sort_order, 'asc')) = 'asc';
  pfx        text    := coalesce(prefix_param, '');
  cursor_key text    := case when coalesce(next_token, '') <> '' then next_token else coalesce(start_after, '') end;
  batch_size integer := least(greatest(max_keys * 2, 100), 1000);
  pfx_end    text;        -- exclusive upper bound of names starting with pfx (null: no prefix, no bound)
  seek       text;        -- where the next probe starts (asc: >= seek, desc: < seek)
  probe      text;
  folder     text;
  emitted    integer := 0;
  batch_sql  text;
  r          record;
begin
  if pfx = '' then
    pfx_end := null;
  elsif right(pfx, 1) = delimiter_param then
    pfx_end := left(pfx, -1) || chr(ascii(delimiter_param) + 1);
  else
    pfx_end := left(pfx, -1) || chr(ascii(right(pfx, 1)) + 1);
  end if;

  -- Files are read in batches with a dynamic query. The parameters are $1 bucket, $2 seek, $3 the range bound
  -- (asc: pfx_end, desc: pfx) and $4 the batch size.
  batch_sql := 'select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata '
            || 'from storage.objects o where o.bucket_id = $1 and o.name collate "C" '
            || case when ascending then '>= $2' else '< $2' end
            || case
                 when pfx_end is null then ''
                 when ascending then ' and o.name collate "C" < $3'
                 else ' and o.name collate "C" >= $3'
               end
            || ' order by o.name collate "C" ' || case when ascending then 'asc' else 'desc' end
            || ' limit $4';

  -- Starting point.
  if cursor_key = '' then
    if ascending then
      seek := pfx;
    else
      -- Descending: start just after the last name in range.
      select o.name into seek
      from storage.objects o
      where o.bucket_id = _bucket_id
        and (pfx = '' or o.name collate "C" >= pfx)
        and (pfx_end is null or o.name collate "C" < pfx_end)
      order by o.name collate "C" desc
      limit 1;
      if seek is null then
        return;
      end if;
      seek := seek || delimiter_param;
    end if;
  elsif exists (
    select 1 from storage.objects o
    where o.bucket_id = _bucket_id and o.name collate "C" like cursor_key || delimiter_param || '%'
  ) then
    -- The cursor is a folder: continue after everything inside it.
    seek := cursor_key || case when ascending then chr(ascii(delimiter_param) + 1) else delimiter_param end;
  else
    -- The cursor is a file.
    seek := case when ascending then cursor_key || delimiter_param else cursor_key end;
  end if;

  loop
    exit when emitted >= max_keys;

    -- Look at the next name in range.
    if ascending then
      if pfx_end is null then
        select o.name into probe from storage.objects o
        where o.bucket_id = _bucket_id and o.name collate "C" >= seek
        order by o.name collate "C" asc limit 1;
      else
        select o.name into probe from storage.objects o
        where o.bucket_id = _bucket_id and o.name collate "C" >= seek and o.name collate "C" < pfx_end
        order by o.name collate "C" asc limit 1;
      end if;
    else
      if pfx = '' then
        select o.name into probe from storage.objects o
        where o.bucket_id = _bucket_id and o.name collate "C" < seek
        order by o.name collate "C" desc limit 1;
      else
        select o.name into probe from storage.objects o
        where o.bucket_id = _bucket_id and o.name collate "C" < seek and o.name collate "C" >= pfx
        order by o.name collate "C" desc limit 1;
      end if;
    end if;
    exit when probe is null;

    folder := storage.get_common_prefix(probe, pfx, delimiter_param);

    if folder is not null then
      -- A folder: emit it once and jump past everything inside it.
      name := rtrim(folder, delimiter_param);
      id := null; metadata := null; updated_at := null; created_at := null; last_accessed_at := null;
      return next;
      emitted := emitted + 1;
      seek := case when ascending then left(folder, -1) || chr(ascii(delimiter_param) + 1) else folder end;
    else
      -- Files: take a batch until the next folder shows up.
      for r in execute batch_sql
        using _bucket_id, seek, case when ascending then coalesce(pfx_end, pfx) else pfx end, batch_size
      loop
        if storage.get_common_prefix(r.name, pfx, delimiter_param) is not null then
          seek := r.name;   -- let the probe above handle this folder
          exit;
        end if;
        name := r.name; id := r.id; metadata := r.metadata;
        updated_at := r.updated_at; created_at := r.created_at; last_accessed_at := r.last_accessed_at;
        return next;
        emitted := emitted + 1;
        seek := case when ascending then r.name || delimiter_param else r.name end;
        exit when emitted >= max_keys;
      end loop;
    end if;
  end loop;
end;
$$;

-- S3-style ListMultipartUploads: in-progress uploads under prefix_param, with keys below the next delimiter
-- folded into one entry per folder. Quirks kept from upstream:
--   * The prefix match is ILIKE (case-insensitive, and % and _ act as wildcards).
--   * The inner ORDER BY uses the raw key, while DISTINCT ON uses the folded key.
create function storage.list_multipart_uploads_with_delimiter(
  bucket_id         text,
  prefix_param      text,
  delimiter_param   text,
  max_keys          integer default 100,
  next_key_token    text default '',
  next_upload_token text default ''
)
returns table (key text, id text, created_at timestamptz)
language plpgsql
as $$
begin
  -- Dynamic SQL because the parameter and output names (bucket_id, key, id, created_at) are also column names.
  -- Parameters: $1 prefix, $2 delimiter, $3 limit, $4 key cursor, $5 bucket, $6 upload-id cursor.
  return query execute $sql$
    select distinct on (key collate "C") *
    from (
      select
        case
          when position($2 in substring(u.key from length($1) + 1)) > 0
            then substring(u.key from 1 for length($1) + position($2 in substring(u.key from length($1) + 1)))
          else u.key
        end as key,
        u.id,
        u.created_at
      from storage.s3_multipart_uploads u
      where u.bucket_id = $5
        and u.key ilike $1 || '%'
        and case
              when $4 <> '' and $6 = '' then
                case
                  when position($2 in substring(u.key from length($1) + 1)) > 0
                    then substring(u.key from 1 for length($1) + position($2 in substring(u.key from length($1) + 1)))
                         collate "C" > $4
                  else u.key collate "C" > $4
                end
              else true
            end
        and case when $6 <> '' then u.id collate "C" > $6 else true end
      order by u.key collate "C" asc, u.created_at asc
    ) as folded
    order by key collate "C"
    limit $3
  $sql$
  using prefix_param, delimiter_param, max_keys, next_key_token, bucket_id, next_upload_token;
end;
$$;

-- The listing behind the classic `POST /object/list/:bucket` (supabase-js `.list()`).
-- Name order is case-insensitive (lower(name)), and the prefix match is case-insensitive too. Folders and files
-- are mixed in one sequence. Each row's name is split_part(full name, '/', levels): storage-api passes levels =
-- depth of the prefix + 1, so this is the entry's name relative to the prefix.
-- Other sort columns use the older path_tokens query. There, folders come first, then files sorted by that column.
-- `search` is simply appended to the prefix.
create function storage.search(
  prefix     text,
  bucketname text,
  limits     integer default 100,
  levels     integer default 1,
  offsets    integer default 0,
  search     text default '',
  sortcolumn text default 'name',
  sortorder  text default 'asc'
)
returns table (
  name             text,
  id               uuid,
  updated_at       timestamptz,
  created_at       timestamptz,
  last_accessed_at timestamptz,
  metadata         jsonb
)
language plpgsql stable
as $$
declare
  delim      constant text := '/';
  max_rows   integer := least(coalesce(limits, 100), 1500);
  pfx        text    := coalesce(prefix, '') || coalesce(search, '');
  pfx_lower  text    := lower(coalesce(prefix, '') || coalesce(search, ''));
  ascending  boolean := lower(coalesce(sortorder, 'asc')) = 'asc';
  direction  text;
  sort_col   text;
  batch_size integer;
  pfx_end    text;      -- exclusive upper bound of lower-cased names starting with pfx_lower
  seek       text;      -- lower-cased probe position (asc: >= seek, desc: < seek)
  probe      text;
  folder     text;
  emitted    integer := 0;
  skipped    integer := 0;
  batch_sql  text;
  r          record;
begin
  batch_size := least(greatest(max_rows * 2, 100), 1000);
  direction := case when ascending then 'asc' else 'desc' end;
  sort_col := case lower(coalesce(sortcolumn, 'name'))
                when 'updated_at' then 'updated_at'
                when 'created_at' then 'created_at'
                when 'last_accessed_at' then 'last_accessed_at'
                else 'name'
              end;

  -- Sorting by a timestamp: folders at this level (ordered by name), then the files at this level (ordered by
  -- the column). OFFSET/LIMIT apply to the combined list.
  if sort_col <> 'name' then
    return query execute format($sql$
      with folders as (
        select o.path_tokens[$1] as folder
        from storage.objects o
        where o.name ilike $2 || '%%'
          and o.bucket_id = $3
          and array_length(o.path_tokens, 1) <> $1
        group by folder
        order by folder %1$s
      )
      (select folder, null::uuid, null::timestamptz, null::timestamptz, null::timestamptz, null::jsonb
       from folders)
      union all
      (select o.path_tokens[$1], o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
       from storage.objects o
       where o.name ilike $2 || '%%'
         and o.bucket_id = $3
         and array_length(o.path_tokens, 1) = $1
       order by %2$I %1$s)
      limit $4 offset $5
    $sql$, direction, sort_col)
    using levels, pfx, bucketname, max_rows, offsets;
    return;
  end if;

  -- Sorting by name: the same skip-scan as list_objects_with_delimiter, but over lower(name).
  if pfx_lower = '' then
    pfx_end := null;
  elsif right(pfx_lower, 1) = delim then
    pfx_end := left(pfx_lower, -1) || chr(ascii(delim) + 1);
  else
    pfx_end := left(pfx_lower, -1) || chr(ascii(right(pfx_lower, 1)) + 1);
  end if;

  -- $1 bucket, $2 seek, $3 range bound (asc: pfx_end, desc: pfx_lower), $4 batch size.
  batch_sql := 'select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata '
            || 'from storage.objects o where o.bucket_id = $1 and lower(o.name) collate "C" '
            || case when ascending then '>= $2' else '< $2' end
            || case
                 when pfx_end is null then ''
                 when ascending then ' and lower(o.name) collate "C" < $3'
                 else ' and lower(o.name) collate "C" >= $3'
               end
            || ' order by lower(o.name) collate "C" ' || direction
            || ' limit $4';

  if ascending then
    seek := pfx_lower;
  else
    select o.name into probe
    from storage.objects o
    where o.bucket_id = bucketname
      and (pfx_lower = '' or lower(o.name) collate "C" >= pfx_lower)
      and (pfx_end is null or lower(o.name) collate "C" < pfx_end)
    order by lower(o.name) collate "C" desc
    limit 1;
    if probe is null then
      return;
    end if;
    seek := lower(probe) || delim;
  end if;

  loop
    exit when emitted >= max_rows;

    if ascending then
      if pfx_end is null then
        select o.name into probe from storage.objects o
        where o.bucket_id = bucketname and lower(o.name) collate "C" >= seek
        order by lower(o.name) collate "C" asc limit 1;
      else
        select o.name into probe from storage.objects o
        where o.bucket_id = bucketname and lower(o.name) collate "C" >= seek and lower(o.name) collate "C" < pfx_end
        order by lower(o.name) collate "C" asc limit 1;
      end if;
    else
      if pfx_lower = '' then
        select o.name into probe from storage.objects o
        where o.bucket_id = bucketname and lower(o.name) collate "C" < seek
        order by lower(o.name) collate "C" desc limit 1;
      else
        select o.name into probe from storage.objects o
        where o.bucket_id = bucketname and lower(o.name) collate "C" < seek and lower(o.name) collate "C" >= pfx_lower
        order by lower(o.name) collate "C" desc limit 1;
      end if;
    end if;
    exit when probe is null;

    folder := storage.get_common_prefix(lower(probe), pfx_lower, delim);

    if folder is not null then
      if skipped < offsets then
        skipped := skipped + 1;
      else
        -- The folder as it is spelled in the object's own name (original case).
        name := split_part(rtrim(storage.get_common_prefix(probe, pfx, delim), delim), delim, levels);
        id := null; updated_at := null; created_at := null; last_accessed_at := null; metadata := null;
        return next;
        emitted := emitted + 1;
      end if;
      seek := case when ascending then lower(left(folder, -1)) || chr(ascii(delim) + 1) else lower(folder) end;
    else
      for r in execute batch_sql
        using bucketname, seek, case when ascending then coalesce(pfx_end, pfx_lower) else pfx_lower end, batch_size
      loop
        if storage.get_common_prefix(lower(r.name), pfx_lower, delim) is not null then
          seek := lower(r.name);
          exit;
        end if;
        if skipped < offsets then
          skipped := skipped + 1;
        else
          name := split_part(r.name, delim, levels);
          id := r.id; updated_at := r.updated_at; created_at := r.created_at;
          last_accessed_at := r.last_accessed_at; metadata := r.metadata;
          return next;
          emitted := emitted + 1;
        end if;
        seek := case when ascending then lower(r.name) || delim else lower(r.name) end;
        exit when emitted >= max_rows;
      end loop;
    end if;
  end loop;
end;
$$;

-- search_v2's timestamp-sorted path. It groups everything under the prefix in one pass, so it is not cheap on large
-- buckets. A folder's created_at and updated_at are both the earliest created_at among its objects.
-- The cursor is (p_sort_column_after, p_start_after), compared at millisecond precision. p_sort_order must be
-- exactly 'asc' or 'desc', and p_sort_column a real column (search_v2 validates both).
create function storage.search_by_timestamp(
  p_prefix            text,
  p_bucket_id         text,
  p_limit             integer,
  p_level             integer,
  p_start_after       text,
  p_sort_order        text,
  p_sort_column       text,
  p_sort_column_after text
)
returns table (
  key              text,
  name             text,
  id               uuid,
  updated_at       timestamptz,
  created_at       timestamptz,
  last_accessed_at timestamptz,
  metadata         jsonb
)
language plpgsql stable
as $$
begin
  -- $1 prefix, $2 bucket, $3 level, $4 limit, $5 name cursor, $6 timestamp cursor.
  return query execute format($sql$
    with under_prefix as (
      select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             storage.get_common_prefix(o.name, $1, '/') as folder
      from storage.objects o
      where o.bucket_id = $2
        and o.name collate "C" like $1 || '%%'
    ),
    entries as (
      select rtrim(folder, '/') as name, null::uuid as id,
             min(created_at) as updated_at, min(created_at) as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata
      from under_prefix
      where folder is not null
      group by folder
      union all
      select name, id, updated_at, created_at, last_accessed_at, metadata
      from under_prefix
      where folder is null
    )
    select split_part(e.name, '/', $3), e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries e
    where $5 = ''
       or row(date_trunc('milliseconds', e.%1$I), e.name collate "C")
          %2$s row(coalesce(nullif($6, '')::timestamptz, 'epoch'::timestamptz), $5)
    order by coalesce(date_trunc('milliseconds', e.%1$I), 'epoch'::timestamptz) %3$s,
             e.name collate "C" %3$s
    limit $4
  $sql$,
    p_sort_column,
    case when p_sort_order = 'asc' then '>' else '<' end,
    p_sort_order)
  using coalesce(p_prefix, ''), p_bucket_id, p_level, p_limit, p_start_after, p_sort_column_after;
end;
$$;

-- The listing behind `POST /object/list-v2/:bucket`. `key` is the entry's name at `levels`, and `name` is the full
-- name (a folder's name has no trailing '/'). Sorting by name delegates to list_objects_with_delimiter (bytewise,
-- case-sensitive). updated_at/created_at delegate to search_by_timestamp. At most 1500 rows.
create function storage.search_v2(
  prefix            text,
  bucket_name       text,
  limits            integer default 100,
  levels            integer default 1,
  start_after       text default '',
  sort_order        text default 'asc',
  sort_column       text default 'name',
  sort_column_after text default ''
)
returns table (
  key              text,
  name             text,
  id               uuid,
  updated_at       timestamptz,
  created_at       timestamptz,
  last_accessed_at timestamptz,
  metadata         jsonb
)
language plpgsql stable
as $$
declare
  max_rows  integer := least(coalesce(limits, 100), 1500);
  direction text    := lower(coalesce(sort_order, 'asc'));
  sort_col  text    := lower(coalesce(sort_column, 'name'));
begin
  if direction not in ('asc', 'desc') then
    direction := 'asc';
  end if;
  if sort_col not in ('name', 'updated_at', 'created_at') then
    sort_col := 'name';
  end if;

  if sort_col = 'name' then
    return query
      select split_part(l.name, '/', levels), l.name, l.id, l.updated_at, l.created_at, l.last_accessed_at, l.metadata
      from storage.list_objects_with_delimiter(
             bucket_name, coalesce(prefix, ''), '/', max_rows, start_after, '', direction) l;
  else
    return query
      select * from storage.search_by_timestamp(
        prefix, bucket_name, max_rows, levels, start_after, direction, sort_col, sort_column_after);
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Trigger functions and triggers
-- ---------------------------------------------------------------------------------------------------------------

create function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger update_objects_updated_at
  before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Bucket names are limited to 100 characters. A trigger enforces this rather than a check constraint, because a
-- constraint would have failed on existing long names when the rule was introduced.
create function storage.enforce_bucket_name_length() returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end;
$$;

create trigger enforce_bucket_name_length_trigger
  before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- Deleting rows directly would orphan the stored files, so any DELETE statement on objects/buckets fails with
-- 42501 unless the transaction has set `storage.allow_delete_query` to 'true'. The storage server sets it before
-- its own deletes. Test clean-up can do the same:
--   begin; set local storage.allow_delete_query = 'true'; delete from storage.objects ...; commit;
-- These are statement-level triggers, so a DELETE that matches no rows is refused too. TRUNCATE is not
-- affected.
create function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.',
            errcode = '42501';
  end if;
  return null;
end;
$$;

create trigger protect_buckets_delete
  before delete on storage.buckets
  for each statement execute function storage.protect_delete();

create trigger protect_objects_delete
  before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- ---------------------------------------------------------------------------------------------------------------
-- The migration history storage-api v1.60 records (names and hashes as in databases it migrated). With these
-- rows, a real storage-api v1.60 pointed at this database finds nothing to run. Without them it would try to
-- replay everything from 'initialmigration'.
-- ---------------------------------------------------------------------------------------------------------------
insert into storage.migrations (id, name, hash) values
  (0,  'create-migrations-table',                      'e18db593bcde2aca2a408c4d1100f6abba2195df'),
  (1,  'initialmigration',                             '6ab16121fbaa08bbd11b712d05f358f9b555d777'),
  (2,  'storage-schema',                               'f6a1fa2c93cbcd16d4e487b362e45fca157a8dbd'),
  (3,  'pathtoken-column',                             '2cb1b0004b817b29d5b0a971af16bafeede4b70d'),
  (4,  'add-migrations-rls',                           '427c5b63fe1c5937495d9c635c263ee7a5905058'),
  (5,  'add-size-functions',                           '79e081a1455b63666c1294a440f8ad4b1e6a7f84'),
  (6,  'change-column-name-in-get-size',               'ded78e2f1b5d7e616117897e6443a925965b30d2'),
  (7,  'add-rls-to-buckets',                           'e7e7f86adbc51049f341dfe8d30256c1abca17aa'),
  (8,  'add-public-to-buckets',                        'fd670db39ed65f9d08b01db09d6202503ca2bab3'),
  (9,  'fix-search-function',                          'af597a1b590c70519b464a4ab3be54490712796b'),
  (10, 'search-files-search-function',                 'b595f05e92f7e91211af1bbfe9c6a13bb3391e16'),
  (11, 'add-trigger-to-auto-update-updated_at-column', '7425bdb14366d1739fa8a18c83100636d74dcaa2'),
  (12, 'add-automatic-avif-detection-flag',            '8e92e1266eb29518b6a4c5313ab8f29dd0d08df9'),
  (13, 'add-bucket-custom-limits',                     'cce962054138135cd9a8c4bcd531598684b25e7d'),
  (14, 'use-bytes-for-max-size',                       '941c41b346f9802b411f06f30e972ad4744dad27'),
  (15, 'add-can-insert-object-function',               '934146bc38ead475f4ef4b555c524ee5d66799e5'),
  (16, 'add-version',                                  '76debf38d3fd07dcfc747ca49096457d95b1221b'),
  (17, 'drop-owner-foreign-key',                       'f1cbb288f1b7a4c1eb8c38504b80ae2a0153d101'),
  (18, 'add_owner_id_column_deprecate_owner',          'e7a511b379110b08e2f214be852c35414749fe66'),
  (19, 'alter-default-value-objects-id',               '02e5e22a78626187e00d173dc45f58fa66a4f043'),
  (20, 'list-objects-with-delimiter',                  'cd694ae708e51ba82bf012bba00caf4f3b6393b7'),
  (21, 's3-multipart-uploads',                         '8c804d4a566c40cd1e4cc5b3725a664a9303657f'),
  (22, 's3-multipart-uploads-big-ints',                '9737dc258d2397953c9953d9b86920b8be0cdb73'),
  (23, 'optimize-search-function',                     '9d7e604cddc4b56a5422dc68c9313f4a1b6f132c'),
  (24, 'operation-function',                           '8312e37c2bf9e76bbe841aa5fda889206d2bf8aa'),
  (25, 'custom-metadata',                              'd974c6057c3db1c1f847afa0e291e6165693b990'),
  (26, 'objects-prefixes',                             '215cabcb7f78121892a5a2037a09fedf9a1ae322'),
  (27, 'search-v2',                                    '859ba38092ac96eb3964d83bf53ccc0b141663a6'),
  (28, 'object-bucket-name-sorting',                   'c73a2b5b5d4041e39705814fd3a1b95502d38ce4'),
  (29, 'create-prefixes',                              'ad2c1207f76703d11a9f9007f821620017a66c21'),
  (30, 'update-object-levels',                         '2be814ff05c8252fdfdc7cfb4b7f5c7e17f0bed6'),
  (31, 'objects-level-index',                          'b40367c14c3440ec75f19bbce2d71e914ddd3da0'),
  (32, 'backward-compatible-index-on-objects',         'e0c37182b0f7aee3efd823298fb3c76f1042c0f7'),
  (33, 'backward-compatible-index-on-prefixes',        'b480e99ed951e0900f033ec4eb34b5bdcb4e3d49'),
  (34, 'optimize-search-function-v1',                  'ca80a3dc7bfef894df17108785ce29a7fc8ee456'),
  (35, 'add-insert-trigger-prefixes',                  '458fe0ffd07ec53f5e3ce9df51bfdf4861929ccc'),
  (36, 'optimise-existing-functions',                  '6ae5fca6af5c55abe95369cd4f93985d1814ca8f'),
  (37, 'add-bucket-name-length-trigger',               '3944135b4e3e8b22d6d4cbb568fe3b0b51df15c1'),
  (38, 'iceberg-catalog-flag-on-buckets',              '02716b81ceec9705aed84aa1501657095b32e5c5'),
  (39, 'add-search-v2-sort-support',                   '6706c5f2928846abee18461279799ad12b279b78'),
  (40, 'fix-prefix-race-conditions-optimized',         '7ad69982ae2d372b21f48fc4829ae9752c518f6b'),
  (41, 'add-object-level-update-trigger',              '07fcf1a22165849b7a029deed059ffcde08d1ae0'),
  (42, 'rollback-prefix-triggers',                     '771479077764adc09e2ea2043eb627503c034cd4'),
  (43, 'fix-object-level',                             '84b35d6caca9d937478ad8a797491f38b8c2979f'),
  (44, 'vector-bucket-type',                           '99c20c0ffd52bb1ff1f32fb992f3b351e3ef8fb3'),
  (45, 'vector-buckets',                               '049e27196d77a7cb76497a85afae669d8b230953'),
  (46, 'buckets-objects-grants',                       'fedeb96d60fefd8e02ab3ded9fbde05632f84aed'),
  (47, 'iceberg-table-metadata',                       '649df56855c24d8b36dd4cc1aeb8251aa9ad42c2'),
  (48, 'iceberg-catalog-ids',                          'e0e8b460c609b9999ccd0df9ad14294613eed939'),
  (49, 'buckets-objects-grants-postgres',              '072b1195d0d5a2f888af6b2302a1938dd94b8b3d'),
  (50, 'search-v2-optimised',                          '6323ac4f850aa14e7387eb32102869578b5bd478'),
  (51, 'index-backward-compatible-search',             '2ee395d433f76e38bcd3856debaf6e0e5b674011'),
  (52, 'drop-not-used-indexes-and-functions',          '5cc44c8696749ac11dd0dc37f2a3802075f3a171'),
  (53, 'drop-index-lower-name',                        'd0cb18777d9e2a98ebe0bc5cc7a42e57ebe41854'),
  (54, 'drop-index-object-level',                      '6289e048b1472da17c31a7eba1ded625a6457e67'),
  (55, 'prevent-direct-deletes',                       '262a4798d5e0f2e7c8970232e03ce8be695d5819'),
  (56, 'fix-optimized-search-function',                'b823ed1e418101032fa01374edc9a436e54e3ed4'),
  (57, 's3-multipart-uploads-metadata',                'f127886e00d1b374fadbc7c6b31e09336aad5287'),
  (58, 'operation-ergonomics',                         '00ca5d483b3fe0d522133d9002ccc5df98365120'),
  (59, 'drop-unused-functions',                        '38456f13e39691c2bbb4b5151d0d1cdbabd4a8c4'),
  (60, 'optimize-existing-functions-again',            'db35e1c91a9201e59f4fef8d972c2f277d68b157');

reset role;
