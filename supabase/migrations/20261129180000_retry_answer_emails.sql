-- ============================================================================================================
-- Answer emails whose send failed are retried on a schedule (Supabase Cron), with backoff. The notify-answer
-- function hands a failed email back with release_answer_email; this counts the failures, and a job that runs
-- every minute asks notify-answer (through pg_net, with the service role key) to send the emails that are due:
-- one never sent two minutes after its answer (the answerer's own call was lost), or one whose last failure is
-- older than 2^failures minutes; after 8 failures it is given up.
--
-- The project's URL and service role key are not in a migration: as Supabase's guide to scheduling edge
-- functions says, they are stored in the database by hand, here in private.edge_function_settings (the local
-- seed stores the local stack's; on a hosted project run the insert in the SQL editor with the project's values).
-- ============================================================================================================

create extension if not exists pg_cron;
create extension if not exists pg_net with schema extensions;

-- How often each owed email's send failed, and when it last did.
alter table private.answer_emails
  add column send_failures integer not null default 0,
  add column last_failed_at timestamptz;

comment on column private.answer_emails.send_failures is
  'How many times the mail server refused or could not be reached for this email; retried with backoff up to 8.';
comment on column private.answer_emails.last_failed_at is
  'When sending this email last failed; the next retry waits 2^send_failures minutes from it.';

-- The emails a retry looks at: unclaimed ones, oldest first.
create index answer_emails_unclaimed_idx on private.answer_emails (created_at) where claimed_at is null;

-- ------------------------------------------------------------------------------------------------------------
-- release_answer_email(answer_id): as before (the email goes back to the queue), and the failure is counted.
-- ------------------------------------------------------------------------------------------------------------
create or replace function public.release_answer_email(answer_id uuid)
returns boolean
language sql
volatile
-- Definer: the email queue lives in the private schema, which no API role may touch; executable by the service
-- role only (grants unchanged).
security definer
set search_path = ''
as $$
  with released as (
    update private.answer_emails e
    set claimed_at = null, send_failures = e.send_failures + 1, last_failed_at = now()
    where e.answer_id = release_answer_email.answer_id and e.claimed_at is not null
    returning 1
  )
  select exists (select 1 from released);
$$;

comment on function public.release_answer_email(uuid) is
  'Service role only: returns a claimed answer email to the queue after sending it failed (counting the failure), so a retry claims it; true when there was one to release.';

-- ------------------------------------------------------------------------------------------------------------
-- answer_emails_due(): for notify-answer's retry (service role): the answers whose email is due again, at most 50.
-- ------------------------------------------------------------------------------------------------------------
create function public.answer_emails_due()
returns setof uuid
language sql
stable
-- Definer: reads the private queue; executable by the service role only.
security definer
set search_path = ''
as $$
  select e.answer_id
  from private.answer_emails e
  where e.claimed_at is null
    and e.send_failures < 8
    and (
      (e.last_failed_at is null and e.created_at < now() - interval '2 minutes')
      or e.last_failed_at < now() - interval '1 minute' * power(2, e.send_failures)
    )
  order by e.created_at
  limit 50;
$$;

comment on function public.answer_emails_due() is
  'Service role only: answers whose email was never sent two minutes on, or failed and has waited 2^failures minutes (fewer than 8 failures); oldest first, at most 50.';

revoke execute on function public.answer_emails_due() from public, anon, authenticated;
grant execute on function public.answer_emails_due() to service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Where scheduled jobs reach the edge functions: `project_url` (https://<ref>.supabase.co, or the local API) and
-- `service_role_key`. Private: no API role can read it.
-- ------------------------------------------------------------------------------------------------------------
create table private.edge_function_settings (
  name text primary key check (name in ('project_url', 'service_role_key')),
  value text not null check (value <> '')
);

comment on table private.edge_function_settings is
  'The project URL and service role key that scheduled jobs call edge functions with (filled by hand on a hosted project, by the seed locally).';

-- ------------------------------------------------------------------------------------------------------------
-- queue_answer_email_retries(): what the job runs. When an email is due and the settings are there, queues one
-- POST to notify-answer `{ "retry": true }` with the service role key and returns its pg_net request id; else null.
-- ------------------------------------------------------------------------------------------------------------
create function private.queue_answer_email_retries()
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if not exists (select 1 from public.answer_emails_due()) then
    return null;
  end if;
  select s.value into project_url from private.edge_function_settings s where s.name = 'project_url';
  select s.value into service_key from private.edge_function_settings s where s.name = 'service_role_key';
  if project_url is null or service_key is null then
    raise warning 'answer emails are due but private.edge_function_settings has no project_url or service_role_key';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/notify-answer',
    body := jsonb_build_object('retry', true),
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
    timeout_milliseconds := 30000
  );
end;
$$;

comment on function private.queue_answer_email_retries() is
  'Run every minute by the retry-answer-emails job: asks notify-answer to send the answer emails that are due; the pg_net request id, or null when none is due (or the settings are missing).';

-- ------------------------------------------------------------------------------------------------------------
-- The job: every minute, as postgres.
-- ------------------------------------------------------------------------------------------------------------
select cron.schedule('retry-answer-emails', '* * * * *', 'select private.queue_answer_email_retries()');
