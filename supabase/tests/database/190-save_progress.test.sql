-- save_progress: who may write, locks, last-write-wins position, distinct seconds, the completion rule, and the
-- bookkeeping that follows (daily activity, resume point, enrollment completion). Seconds are credited only as time
-- passes since the learner's previous save (see 400), so the learner's clock is set back before saves that add them.
begin;
select plan(30);

select tests.create_course_fixture();
insert into private.study_clocks (user_id, last_saved_at) values (tests.get_user_id('enrolled'), now() - interval '1 hour');

-- refusals --------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_like($$select public.save_progress(tests.lesson_id('Welcome'), 10, 10)$$, '%not_signed_in%', 'a visitor is told to sign in');
select tests.authenticate_as('learner');
select throws_like($$select public.save_progress(tests.lesson_id('Welcome'), 10, 10)$$, '%forbidden%', 'a learner who is not enrolled cannot save progress');
select tests.authenticate_as('instructor');
select throws_like($$select public.save_progress(tests.lesson_id('Welcome'), 10, 10)$$, '%forbidden%', 'an instructor who is not enrolled cannot save progress');
select tests.authenticate_as('enrolled');
select throws_like($$select public.save_progress(gen_random_uuid(), 10, 10)$$, '%course_not_found%', 'an unknown lesson is course_not_found');
select throws_like($$select public.save_progress(tests.lesson_id('Beacon lesson'), 10, 10)$$, '%forbidden%', 'a lesson of a course the learner is not in is refused');
select throws_like($$select public.save_progress(tests.lesson_id('Welcome'), -1, 10)$$, '%validation_failed%position_s%', 'a negative position is refused with its field');
select throws_like($$select public.save_progress(tests.lesson_id('Welcome'), 10, 90000)$$, '%validation_failed%watched_s%', 'more than a day watched is refused');
select throws_like($$select public.save_progress(tests.lesson_id('First steps'), 0, 0, true)$$, '%lesson_locked%Finish \\"Welcome\\" first%', 'sequential: a later lesson is locked until the earlier one is done');
select throws_like($$select public.save_progress(tests.lesson_id('Deep dive'), 0, 0)$$, '%lesson_locked%opens on%', 'drip: a lesson before its release date is locked');
select throws_ok(
  $$insert into public.lesson_progress (lesson_id, course_id) values (tests.lesson_id('Deep dive'), tests.course_id('alpine-basics'))$$,
  '42501', null, 'the policies refuse progress on a locked lesson written directly too'
);

-- position, seconds, completion rule ------------------------------------------------------------------------------
select is(public.save_progress(tests.lesson_id('Welcome'), 30, 30) #>> '{progress,status}', 'in_progress', 'the first save starts the lesson');
select is(public.save_progress(tests.lesson_id('Welcome'), 20, 10) #>> '{progress,watched_s}', '30', 'seconds watched never go down');
select is(public.save_progress(tests.lesson_id('Welcome'), 20, 10) #>> '{progress,position_s}', '20', 'the latest position wins');
select is(
  public.save_progress(tests.lesson_id('Welcome'), 99, 10, null, now() - interval '1 minute') #>> '{progress,position_s}',
  '20', 'a position observed before the last save is ignored (last write wins)'
);
select is(public.save_progress(tests.lesson_id('Welcome'), 50, 100) #>> '{incomplete_reason}', 'watch', 'below the threshold the lesson waits for watching');
select tests.clear_authentication();
update private.study_clocks set last_saved_at = now() - interval '1 hour' where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('Welcome'), 500, 500) #>> '{progress,position_s}', '120', 'a position past the end is capped at the duration');
select is(
  (select status || '/' || completed_by || '/' || watched_s from public.lesson_progress where lesson_id = tests.lesson_id('Welcome')),
  'completed/rule/120', 'watching 90% completes a video lesson by rule (watched capped at the duration)'
);
select is(public.save_progress(tests.lesson_id('Welcome'), 0, 120, false) #>> '{progress,status}', 'in_progress', 'the learner can untick a lesson');
select is(public.save_progress(tests.lesson_id('Welcome'), 10, 120) #>> '{progress,status}', 'in_progress', 'an unticked video stays unticked while watching again');
select is(public.save_progress(tests.lesson_id('Welcome'), 10, 120, true) #>> '{progress,completed_by}', 'manual', 'ticking completes it by hand');
select tests.clear_authentication();
update private.study_clocks set last_saved_at = now() - interval '1 hour' where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('First steps'), 0, 45) #>> '{incomplete_reason}', 'manual', 'a manual lesson waits for the tick');
select is(public.save_progress(tests.lesson_id('First steps'), 0, 45, true) #> '{course_progress}', '{"completed": 2, "total": 3, "percent": 66}'::jsonb, 'the answer carries the course progress');

-- bookkeeping -----------------------------------------------------------------------------------------------------
select is(
  (select seconds || '/' || lessons_completed from public.daily_activity where user_id = tests.get_user_id('enrolled')),
  '165/2', 'daily activity counts new seconds watched (120 + 45) and lessons completed, net of unticks'
);
select is(
  (select last_lesson_id from public.enrollments where user_id = tests.get_user_id('enrolled')),
  tests.lesson_id('First steps'), 'the enrollment resumes at the last lesson saved'
);
select tests.clear_authentication();
update public.course_sections set release_at = now() - interval '1 day' where title = 'Going further';
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('Deep dive'), 0, 10) #>> '{course_completed_now}', 'false', 'the course is not complete with a lesson left');
select is(public.save_progress(tests.lesson_id('Deep dive'), 0, 10, true) #>> '{course_completed_now}', 'true', 'completing the last lesson completes the course, said once');
select is(
  (select status::text from public.enrollments where user_id = tests.get_user_id('enrolled')),
  'completed', 'the enrollment is completed'
);
select is(public.save_progress(tests.lesson_id('Deep dive'), 0, 10, false) #>> '{enrollment,status}', 'completed', 'unticking later does not take the completion away');
select throws_ok('insert into public.daily_activity (user_id, day) values (auth.uid(), current_date + 1)', '42501', null, 'learners cannot write daily activity themselves');

select tests.clear_authentication();
update public.enrollments set status = 'removed' where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select throws_like($$select public.save_progress(tests.lesson_id('Welcome'), 10, 10)$$, '%forbidden%', 'a removed learner cannot save progress');

select * from finish();
rollback;
