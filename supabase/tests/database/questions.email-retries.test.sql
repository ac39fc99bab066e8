-- Answer emails whose send failed are retried by Supabase Cron: the retry-answer-emails job runs every minute as
-- postgres; the function it calls queues one pg_net POST to notify-answer `{ "retry": true }` with the service role
-- key from private.edge_function_settings, only when an email is due (never sent two minutes on, or failed and
-- waited 2^failures minutes, fewer than 8 failures); answer_emails_due() is for the service role only.
begin;
select plan(15);

select tests.create_course_fixture();
select tests.clear_authentication();
insert into public.questions (author_id, lesson_id, body)
values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), 'Will it be retried?');
select tests.authenticate_as('instructor');
insert into public.answers (question_id, body)
select id, 'Every minute.' from public.questions where body = 'Will it be retried?';
select tests.clear_authentication();
select set_config('tests.answer', (select id::text from public.answers where body = 'Every minute.'), true);
-- Only this test's email is owed (the demo data's are out of the way).
update private.answer_emails set claimed_at = now() where answer_id <> current_setting('tests.answer')::uuid;

-- the job -------------------------------------------------------------------------------------------------------
select has_extension('pg_catalog', 'pg_cron', 'Supabase Cron is enabled');
select has_extension('extensions', 'pg_net', 'pg_net is enabled in extensions');
select results_eq(
  $$select schedule, command, username, active from cron.job where jobname = 'retry-answer-emails'$$,
  $$values ('* * * * *'::text, 'select private.queue_answer_email_retries()'::text, 'postgres'::text, true)$$,
  'the retry-answer-emails job runs every minute as postgres'
);

-- who may list what is due -----------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select throws_ok($$select * from public.answer_emails_due()$$, '42501', null, 'a learner cannot list due emails');
select tests.authenticate_as_anon();
select throws_ok($$select * from public.answer_emails_due()$$, '42501', null, 'anon cannot list due emails');
select tests.clear_authentication();

-- when an email is due --------------------------------------------------------------------------------------------
select is(
  private.queue_answer_email_retries(), null,
  'a fresh email is left to the answerer''s own call: no request is queued'
);
select is((select count(*)::int from net.http_request_queue where url like '%/notify-answer'), 0, 'nothing queued');

update private.answer_emails set created_at = now() - interval '3 minutes'
where answer_id = current_setting('tests.answer')::uuid;
select set_config('tests.request', private.queue_answer_email_retries()::text, true);
select isnt(current_setting('tests.request'), '', 'an email never sent three minutes on queues a request');
select results_eq(
  $$select method::text, url, convert_from(body, 'UTF8')::jsonb, headers->>'Authorization', headers->>'Content-Type'
    from net.http_request_queue where id = current_setting('tests.request')::bigint$$,
  $$select 'POST'::text, 'http://127.0.0.1:54321/functions/v1/notify-answer'::text, '{"retry": true}'::jsonb,
      'Bearer ' || (select value from private.edge_function_settings where name = 'service_role_key'),
      'application/json'::text$$,
  'the request is a POST of { retry: true } to notify-answer with the service role key'
);

-- backoff -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select ok(
  public.claim_answer_email(current_setting('tests.answer')::uuid) is not null
    and public.release_answer_email(current_setting('tests.answer')::uuid),
  'a send that fails hands the email back'
);
select tests.clear_authentication();
select results_eq(
  $$select send_failures, last_failed_at is not null from private.answer_emails
    where answer_id = current_setting('tests.answer')::uuid$$,
  $$values (1, true)$$,
  'the failure is counted'
);
select is_empty($$select * from public.answer_emails_due()$$, 'right after a failure the email is not due');
update private.answer_emails set last_failed_at = now() - interval '121 seconds'
where answer_id = current_setting('tests.answer')::uuid;
select results_eq(
  $$select * from public.answer_emails_due()$$, $$values (current_setting('tests.answer')::uuid)$$,
  'two minutes after its first failure it is due again'
);
update private.answer_emails set send_failures = 3, last_failed_at = now() - interval '7 minutes'
where answer_id = current_setting('tests.answer')::uuid;
select is_empty($$select * from public.answer_emails_due()$$, 'after three failures it waits eight minutes');
update private.answer_emails set send_failures = 8, last_failed_at = now() - interval '1 day'
where answer_id = current_setting('tests.answer')::uuid;
select is_empty($$select * from public.answer_emails_due()$$, 'after eight failures it is given up');

select * from finish();
rollback;
