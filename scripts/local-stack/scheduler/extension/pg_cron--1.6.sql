-- The local stack's pg_cron 1.6: the same schema, tables, policies and functions as the C extension, in SQL. Jobs
-- are not run by a background worker of PostgreSQL but by the stack's scheduler (scripts/local-stack/scheduler),
-- which reads cron.job and writes cron.job_run_details as pg_cron's launcher does.
\echo Use "CREATE EXTENSION pg_cron" to load this file. \quit

create schema cron;
grant usage on schema cron to public;

create sequence cron.jobid_seq;
grant usage on sequence cron.jobid_seq to public;

-- One row per scheduled job; a job runs as `username` in `database`.
create table cron.job (
  jobid bigint primary key default pg_catalog.nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default pg_catalog.inet_server_port(),
  database text not null default pg_catalog.current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  constraint jobname_username_uniq unique (jobname, username)
);
alter sequence cron.jobid_seq owned by cron.job.jobid;
grant select on cron.job to public;
alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username operator(pg_catalog.=) current_user);

create sequence cron.runid_seq;
grant usage on sequence cron.runid_seq to public;

-- One row per run of a job: starting, running, then succeeded or failed with its message.
create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default pg_catalog.nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter sequence cron.runid_seq owned by cron.job_run_details.runid;
grant select, delete on cron.job_run_details to public;
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details
  using (username operator(pg_catalog.=) current_user);

-- Both tables are kept by pg_dump (pg_cron marks them as configuration tables).
select pg_catalog.pg_extension_config_dump('cron.job', '');
select pg_catalog.pg_extension_config_dump('cron.jobid_seq', '');
select pg_catalog.pg_extension_config_dump('cron.job_run_details', '');
select pg_catalog.pg_extension_config_dump('cron.runid_seq', '');

-- pg_cron's trigger that tells its launcher to reload the jobs; the stack's worker reads cron.job on every tick,
-- so this one only wakes it early.
create function cron.job_cache_invalidate()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('cron_job_cache_invalidate', '');
  return null;
end;
$$;

create trigger cron_job_cache_invalidate
after insert or update or delete or truncate on cron.job
for each statement execute function cron.job_cache_invalidate();

-- The schedule checks of pg_cron's parser: '[1-59] seconds', '@yearly' and friends, or five cron fields (minute,
-- hour, day of month, month, day of week) of numbers, names, ranges, steps and lists, '$' for a month's last day.
create function cron._valid_schedule(schedule text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  fields text[];
  lows int[] := array[0, 0, 1, 1, 0];
  highs int[] := array[59, 23, 31, 12, 7];
  part text;
  bounds text[];
  value text;
  number int;
  i int;
begin
  if schedule is null then
    return false;
  end if;
  schedule := pg_catalog.lower(pg_catalog.btrim(schedule));
  if schedule ~ '^[0-9]+ *seconds?$' then
    number := pg_catalog.substring(schedule, '^([0-9]+)')::int;
    return number between 1 and 59;
  end if;
  if schedule in ('@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly', '@reboot') then
    return true;
  end if;
  fields := pg_catalog.regexp_split_to_array(schedule, '\s+');
  if pg_catalog.array_length(fields, 1) <> 5 then
    return false;
  end if;
  for i in 1..5 loop
    foreach part in array pg_catalog.string_to_array(fields[i], ',') loop
      if part !~ '^(\*|\$|[0-9a-z]+(-[0-9a-z]+)?)(/[0-9]+)?$' then
        return false;
      end if;
      if part ~ '/' and pg_catalog.split_part(part, '/', 2)::int < 1 then
        return false;
      end if;
      if part ~ '^\$' and i <> 3 then
        return false;
      end if;
      bounds := pg_catalog.string_to_array(pg_catalog.split_part(part, '/', 1), '-');
      foreach value in array bounds loop
        continue when value in ('*', '$');
        if value ~ '^[0-9]+$' then
          number := value::int;
        elsif i = 4 then
          number := pg_catalog.array_position(
            array['jan','feb','mar','apr','may','jun','jul','aug','sep','oct','nov','dec'], value);
        elsif i = 5 then
          number := pg_catalog.array_position(array['sun','mon','tue','wed','thu','fri','sat'], value) - 1;
        else
          number := null;
        end if;
        if number is null or number < lows[i] or number > highs[i] then
          return false;
        end if;
      end loop;
    end loop;
  end loop;
  return true;
end;
$$;

-- The role calling a function of this extension. pg_cron's C functions see the caller's current user; these SQL
-- functions run as their owner (security definer), so the caller is read from the session: the role it SET (the
-- `role` setting, which PostgreSQL only lets a session set to a role it belongs to), else its login.
create function cron._caller()
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when pg_catalog.current_setting('role') operator(pg_catalog.=) 'none' then session_user::text
    else pg_catalog.current_setting('role')
  end;
$$;

-- cron.schedule(schedule, command): a new unnamed job of the caller's, in the current database.
create function cron.schedule(schedule text, command text)
returns bigint
language plpgsql
strict
security definer
set search_path = ''
as $$
declare
  new_id bigint;
begin
  if not cron._valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule;
  end if;
  insert into cron.job (schedule, command, username, database)
  values (schedule, command, cron._caller(), pg_catalog.current_database())
  returning jobid into new_id;
  return new_id;
end;
$$;

-- cron.schedule(job_name, schedule, command): creates the caller's job of that name, or changes its schedule and
-- command when it exists.
create function cron.schedule(job_name text, schedule text, command text)
returns bigint
language plpgsql
strict
security definer
set search_path = ''
as $$
declare
  found_id bigint;
begin
  if not cron._valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule;
  end if;
  insert into cron.job as j (jobname, schedule, command, username, database)
  values (job_name, schedule, command, cron._caller(), pg_catalog.current_database())
  on conflict (jobname, username) do update
    set schedule = excluded.schedule, command = excluded.command, database = excluded.database, active = true
  returning j.jobid into found_id;
  return found_id;
end;
$$;

-- Whether the caller may act for `username`: itself, or a superuser for anyone.
create function cron._may_act_for(username text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select username operator(pg_catalog.=) cron._caller()
    or (select r.rolsuper from pg_catalog.pg_roles r where r.rolname operator(pg_catalog.=) cron._caller());
$$;

-- cron.schedule_in_database: a named job in another database, or as another user (superusers only).
create function cron.schedule_in_database(
  job_name text, schedule text, command text, database text, username text default null, active boolean default true
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_id bigint;
  owner_name text := coalesce(username, cron._caller());
begin
  if job_name is null or schedule is null or command is null or database is null then
    raise exception 'job_name, schedule, command and database must not be null';
  end if;
  if not cron._valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule;
  end if;
  if not cron._may_act_for(owner_name) then
    raise exception 'must be superuser to create a job for another role';
  end if;
  if not exists (select 1 from pg_catalog.pg_database d where d.datname operator(pg_catalog.=) database) then
    raise exception 'database % does not exist', database;
  end if;
  insert into cron.job as j (jobname, schedule, command, username, database, active)
  values (job_name, schedule, command, owner_name, database, coalesce(schedule_in_database.active, true))
  on conflict (jobname, username) do update
    set schedule = excluded.schedule, command = excluded.command, database = excluded.database,
        active = excluded.active
  returning j.jobid into found_id;
  return found_id;
end;
$$;

-- cron.unschedule(job_id): removes one of the caller's jobs (any job for a superuser).
create function cron.unschedule(job_id bigint)
returns boolean
language plpgsql
strict
security definer
set search_path = ''
as $$
declare
  owner_name text;
begin
  select j.username into owner_name from cron.job j where j.jobid operator(pg_catalog.=) job_id;
  if owner_name is null then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  if not cron._may_act_for(owner_name) then
    raise exception 'removing job % not allowed', job_id;
  end if;
  delete from cron.job j where j.jobid operator(pg_catalog.=) job_id;
  return true;
end;
$$;

-- cron.unschedule(job_name): removes the caller's job of that name.
create function cron.unschedule(job_name text)
returns boolean
language plpgsql
strict
security definer
set search_path = ''
as $$
begin
  delete from cron.job j
  where j.jobname operator(pg_catalog.=) job_name and j.username operator(pg_catalog.=) cron._caller();
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end;
$$;

-- cron.alter_job: changes what is given (null keeps the current value) of one of the caller's jobs.
create function cron.alter_job(
  job_id bigint, schedule text default null, command text default null, database text default null,
  username text default null, active boolean default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_owner text;
begin
  select j.username into current_owner from cron.job j where j.jobid operator(pg_catalog.=) job_id;
  if current_owner is null or not cron._may_act_for(current_owner) then
    raise exception 'Job % does not exist or you don''t own it', job_id;
  end if;
  if schedule is not null and not cron._valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule;
  end if;
  if username is not null and not cron._may_act_for(username) then
    raise exception 'must be superuser to alter username';
  end if;
  if database is not null
    and not exists (select 1 from pg_catalog.pg_database d where d.datname operator(pg_catalog.=) database) then
    raise exception 'database % does not exist', database;
  end if;
  update cron.job j set
    schedule = coalesce(alter_job.schedule, j.schedule),
    command = coalesce(alter_job.command, j.command),
    database = coalesce(alter_job.database, j.database),
    username = coalesce(alter_job.username, j.username),
    active = coalesce(alter_job.active, j.active)
  where j.jobid operator(pg_catalog.=) job_id;
end;
$$;

-- Helpers of the extension itself, not part of pg_cron's API.
revoke all on function cron._valid_schedule(text) from public;
revoke all on function cron._may_act_for(text) from public;
revoke all on function cron._caller() from public;

-- What Supabase's after-create script for pg_cron grants `postgres` (ansible/files/postgresql_extension_custom_scripts
-- /pg_cron/after-create.sql in supabase/postgres): the schema, every function and table with grant option, but only
-- SELECT on cron.job (jobs are made through cron.schedule).
do $$
begin
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'postgres') then
    grant usage on schema cron to postgres with grant option;
    grant all on all functions in schema cron to postgres with grant option;
    grant all privileges on all tables in schema cron to postgres with grant option;
    grant all on all sequences in schema cron to postgres with grant option;
    revoke all on table cron.job from postgres;
    grant select on table cron.job to postgres with grant option;
  end if;
end;
$$;
