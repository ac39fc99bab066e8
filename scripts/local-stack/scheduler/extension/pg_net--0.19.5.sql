-- The local stack's pg_net 0.19: the same schema, tables, types and functions as the C extension, in SQL. Queued
-- requests are sent not by a background worker of PostgreSQL but by the stack's scheduler
-- (scripts/local-stack/scheduler), which empties net.http_request_queue and writes net._http_response.
\echo Use "CREATE EXTENSION pg_net" to load this file. \quit

create schema net;

-- The methods pg_net sends.
create domain net.http_method as text
check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

-- Requests waiting for the worker; it deletes each one as it takes it.
create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds int not null
);

-- The worker's answer to each request, kept for pg_net.ttl (6 hours by default).
create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index on net._http_response (created);

-- Lifecycle of a request and the shapes http_collect_response returns.
create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (status net.request_status, message text, response net.http_response);

-- Wakes the worker: a notification, so it arrives when the requesting transaction commits.
create function net.wake()
returns void
language sql
set search_path = ''
as $$
  select pg_catalog.pg_notify('pg_net_wake', '');
$$;

-- Percent-encodes one query string component (RFC 3986 unreserved characters stay as they are).
create function net._urlencode_string(string varchar)
returns text
language plpgsql
immutable
strict
set search_path = ''
as $$
declare
  bytes bytea := pg_catalog.convert_to(string, 'UTF8');
  out text := '';
  b int;
  i int;
begin
  for i in 0..pg_catalog.length(bytes) - 1 loop
    b := pg_catalog.get_byte(bytes, i);
    if (b between 48 and 57) or (b between 65 and 90) or (b between 97 and 122) or b in (45, 46, 95, 126) then
      out := out || pg_catalog.chr(b);
    else
      out := out || '%' || pg_catalog.upper(pg_catalog.lpad(pg_catalog.to_hex(b), 2, '0'));
    end if;
  end loop;
  return out;
end;
$$;

-- Appends encoded `key=value` pairs to a URL (after `?`, or `&` when it has a query already).
create function net._encode_url_with_params_array(url text, params_array text[])
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select case
    when pg_catalog.cardinality(params_array) = 0 then url
    when pg_catalog.strpos(url, '?') > 0 then url || '&' || pg_catalog.array_to_string(params_array, '&')
    else url || '?' || pg_catalog.array_to_string(params_array, '&')
  end;
$$;

-- The query string pairs of a params object.
create function net._params_array(params jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  from pg_catalog.jsonb_each_text(coalesce(params, '{}'::jsonb));
$$;

-- Queues a GET; returns the request id, under which the response appears in net._http_response.
create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
)
returns bigint
language plpgsql
strict
volatile
parallel safe
set search_path = ''
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, net._params_array(params)), headers, timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end;
$$;

-- Queues a POST of a JSON body (the Content-Type must be application/json; it is added when missing).
create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
)
returns bigint
language plpgsql
volatile
parallel safe
set search_path = ''
as $$
declare
  request_id bigint;
  content_type text;
begin
  select h.value into content_type
  from pg_catalog.jsonb_each_text(coalesce(headers, '{}'::jsonb)) h
  where pg_catalog.lower(h.key) = 'content-type'
  limit 1;
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  if body is null then
    raise exception 'body must not be null';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'POST', net._encode_url_with_params_array(url, net._params_array(params)), headers,
    pg_catalog.convert_to(body::text, 'UTF8'), timeout_milliseconds
  )
  returning id into request_id;
  perform net.wake();
  return request_id;
end;
$$;

-- Queues a DELETE, with an optional JSON body.
create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
)
returns bigint
language plpgsql
volatile
parallel safe
set search_path = ''
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'DELETE', net._encode_url_with_params_array(url, net._params_array(params)), coalesce(headers, '{}'::jsonb),
    pg_catalog.convert_to(body::text, 'UTF8'), coalesce(timeout_milliseconds, 5000)
  )
  returning id into request_id;
  perform net.wake();
  return request_id;
end;
$$;

-- The response of a request, or ERROR while it is pending or unknown (async = false waits for it).
create function net._http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result
language plpgsql
strict
volatile
parallel safe
set search_path = ''
as $$
declare
  rec net._http_response;
begin
  loop
    select * into rec from net._http_response r where r.id = request_id;
    exit when found or async;
    perform pg_catalog.pg_sleep(0.05);
  end loop;
  if rec.id is null then
    return ('ERROR', 'request matching request_id not found', null)::net.http_response_result;
  end if;
  if rec.status_code is null then
    return ('ERROR', rec.error_msg, null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end;
$$;

create function net.http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result
language sql
strict
volatile
parallel safe
set search_path = ''
as $$
  select net._http_collect_response(request_id, async);
$$;

-- Whether the worker is up: the stack's scheduler holds a session with this application_name.
create function net.check_worker_is_up()
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not exists (
    select 1 from pg_catalog.pg_stat_activity a where a.application_name = 'pg_net worker'
  ) then
    raise exception 'the pg_net background worker is not up';
  end if;
end;
$$;

-- Asks the worker to start over (it reconnects); true when a worker was there to ask.
create function net.worker_restart()
returns boolean
language sql
set search_path = ''
as $$
  select pg_catalog.pg_notify('pg_net_restart', '') is not null
    and exists (select 1 from pg_catalog.pg_stat_activity a where a.application_name = 'pg_net worker');
$$;

-- Waits (up to 5 s) for the worker.
create function net.wait_until_running()
returns void
language plpgsql
set search_path = ''
as $$
begin
  for i in 1..100 loop
    if exists (select 1 from pg_catalog.pg_stat_activity a where a.application_name = 'pg_net worker') then
      return;
    end if;
    perform pg_catalog.pg_sleep(0.05);
  end loop;
  raise exception 'the pg_net background worker is not up';
end;
$$;

-- As pg_net 0.12 and later: every role may queue requests and read responses.
grant usage on schema net to public;
grant all privileges on all sequences in schema net to public;
grant all privileges on all tables in schema net to public;

-- What Supabase's grant_pg_net_access event trigger adds when pg_net is created (supabase/postgres migrations).
do $$
begin
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'postgres') then
    grant usage on schema net to postgres, anon, authenticated, service_role;
  end if;
end;
$$;
