-- ============================================================================================================
-- release_answer_email(answer_id): for the notify-answer function only (service role). claim_answer_email marks the
-- asker's email as taken before it is sent, so two calls never send it twice; when the mail server then refuses or
-- cannot be reached, the function hands the email back with this call, and a later call sends it.
-- ============================================================================================================

create function public.release_answer_email(answer_id uuid)
returns boolean
language sql
volatile
-- Definer: the email queue lives in the private schema, which no API role may touch; executable by the service
-- role only.
security definer
set search_path = ''
as $$
  with released as (
    update private.answer_emails e set claimed_at = null
    where e.answer_id = release_answer_email.answer_id and e.claimed_at is not null
    returning 1
  )
  select exists (select 1 from released);
$$;

comment on function public.release_answer_email(uuid) is
  'Service role only: returns a claimed answer email to the queue after sending it failed, so the next claim gets it; true when there was one to release.';

revoke execute on function public.release_answer_email(uuid) from public, anon, authenticated;
grant execute on function public.release_answer_email(uuid) to service_role;
