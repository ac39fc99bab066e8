-- The asker's email after a failed send: release_answer_email() (service role only) hands a claimed email back to
-- the queue, so the next claim_answer_email() gets it again, once; an email never claimed, or unknown, has nothing
-- to release.
begin;
select plan(9);

select tests.create_course_fixture();
select tests.clear_authentication();
insert into public.questions (author_id, lesson_id, body)
values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), 'Does the release work?');
select tests.authenticate_as('instructor');
insert into public.answers (question_id, body)
select id, 'It should.' from public.questions where body = 'Does the release work?';
select set_config('tests.answer', (select id::text from public.answers where body = 'It should.'), true);

-- who may call it ------------------------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select throws_ok(
  $$select public.release_answer_email(current_setting('tests.answer')::uuid)$$,
  '42501', null, 'the asker cannot release emails'
);
select tests.authenticate_as('instructor');
select throws_ok(
  $$select public.release_answer_email(current_setting('tests.answer')::uuid)$$,
  '42501', null, 'the answerer cannot release emails (they could have the asker emailed again and again)'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$select public.release_answer_email(current_setting('tests.answer')::uuid)$$,
  '42501', null, 'anon cannot release emails'
);

-- what it does ---------------------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(
  public.release_answer_email(current_setting('tests.answer')::uuid), false,
  'an email not claimed yet has nothing to release'
);
select is(
  public.claim_answer_email(current_setting('tests.answer')::uuid)->>'to', 'enrolled@test.summit.local',
  'the first claim gets the email'
);
select is(
  public.release_answer_email(current_setting('tests.answer')::uuid), true,
  'a claimed email is released'
);
select is(
  public.claim_answer_email(current_setting('tests.answer')::uuid)->>'answer', 'It should.',
  'after a release the next claim gets the email again'
);
select is(
  public.claim_answer_email(current_setting('tests.answer')::uuid), null,
  'and only once'
);
select is(
  public.release_answer_email(gen_random_uuid()), false,
  'an unknown answer has nothing to release'
);

select * from finish();
rollback;
