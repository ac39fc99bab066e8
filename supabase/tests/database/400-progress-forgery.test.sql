-- Progress and study time cannot be forged: no direct writes to lesson_progress by learners, completion is stamped
-- by save_progress, and the seconds it credits are capped by the lesson and by the time since the previous save.
-- The learner's clock is moved back (as if time passed) by rewinding private.study_clocks between saves.
begin;
select plan(22);

select tests.create_course_fixture();
-- 'Deep dive' (video, 600 s) open now, so three lessons can be worked through in order.
update public.course_sections set release_at = now() - interval '1 day' where title = 'Going further';
insert into public.lesson_progress (user_id, lesson_id, course_id, position_s, watched_s)
values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), tests.course_id('alpine-basics'), 10, 0);

-- direct writes (the PATCH /rest/v1/lesson_progress attack) ------------------------------------------------------
select tests.authenticate_as('enrolled');
select throws_ok(
  $$update public.lesson_progress set status = 'completed', completed_by = 'instructor',
      completed_at = now() - interval '30 days' where lesson_id = tests.lesson_id('Welcome')$$,
  '42501', null, 'a learner cannot mark their own lesson completed by an instructor, backdated'
);
select throws_ok(
  $$update public.lesson_progress set watched_s = 86280, position_s = 86280 where lesson_id = tests.lesson_id('Welcome')$$,
  '42501', null, 'a learner cannot set seconds watched far beyond the lesson'
);
select throws_ok(
  $$insert into public.lesson_progress (lesson_id, course_id, status, watched_s, completed_at, completed_by)
    values (tests.lesson_id('First steps'), tests.course_id('alpine-basics'), 'completed', 86400, now(), 'instructor')$$,
  '42501', null, 'a learner cannot insert progress directly'
);
select throws_ok(
  $$insert into public.lesson_progress (lesson_id, course_id) values (tests.lesson_id('First steps'), tests.course_id('alpine-basics'))
    on conflict (user_id, lesson_id) do update set watched_s = 86400$$,
  '42501', null, 'nor upsert it'
);
select tests.clear_authentication();
select is(
  (select coalesce(sum(seconds), 0)::int from public.daily_activity where user_id = tests.get_user_id('enrolled')),
  0, 'no study time was credited by the refused writes'
);

-- credited seconds follow the clock ---------------------------------------------------------------------------------
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('Welcome'), 20, 120) #>> '{progress,watched_s}', '0',
  'with no time since the previous save, a save credits nothing');
select tests.clear_authentication();
update private.study_clocks set last_saved_at = last_saved_at - interval '30 seconds'
where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('Welcome'), 40, 120) #>> '{progress,watched_s}', '60',
  '30 s after the previous save, at most 60 s more are credited (2x, the fastest playback speed)');
select is(public.save_progress(tests.lesson_id('Welcome'), 45, 120) #>> '{progress,watched_s}', '60',
  'an immediate second save credits nothing more');
select is(public.save_progress(tests.lesson_id('Welcome'), 45, 120) #>> '{progress,status}', 'in_progress',
  'so the completion rule does not fire on claimed seconds');
select tests.clear_authentication();
update private.study_clocks set last_saved_at = last_saved_at - interval '1 hour'
where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('Welcome'), 500, 86400) #>> '{progress,watched_s}', '120',
  'after an hour, the seconds stop at the video''s duration');
select is(
  (select status || '/' || completed_by || '/' || (completed_at = now())::text from public.lesson_progress
   where lesson_id = tests.lesson_id('Welcome')),
  'completed/rule/true', 'the rule completes the video, stamped now'
);

-- ticking without watching credits the lesson, not time -------------------------------------------------------------
select tests.clear_authentication();
update private.study_clocks set last_saved_at = last_saved_at - interval '1 hour'
where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('First steps'), 0, 0, true) #>> '{progress,completed_by}', 'manual',
  'a learner ticks a text lesson without reading it');
select is(
  (select seconds || '/' || lessons_completed from public.daily_activity where user_id = tests.get_user_id('enrolled')),
  '120/2', 'the tick counts a lesson and no seconds (120 s is the video watched above)'
);

-- text lessons credit bounded reading time --------------------------------------------------------------------------
select tests.clear_authentication();
update private.study_clocks set last_saved_at = last_saved_at - interval '1 day'
where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('First steps'), 0, 86400) #>> '{progress,watched_s}', '600',
  'a day of claimed reading of a 300 s text lesson credits at most twice its estimate');
select tests.clear_authentication();
update private.study_clocks set last_saved_at = last_saved_at - interval '1 day'
where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('First steps'), 0, 86400) #>> '{progress,watched_s}', '600',
  'and never more, however often it is saved');
select tests.clear_authentication();
update private.study_clocks set last_saved_at = last_saved_at - interval '20 seconds'
where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('Deep dive'), 0, 600) #>> '{progress,watched_s}', '40',
  'a video saved 20 s after the previous save of another lesson credits 40 s');
select is(
  (select seconds from public.daily_activity where user_id = tests.get_user_id('enrolled')),
  120 + 600 + 40, 'daily activity holds only the credited seconds'
);

-- saves are the caller's own, completion fields are the database's ------------------------------------------------
select tests.clear_authentication();
update private.study_clocks set last_saved_at = last_saved_at - interval '1 hour'
where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is(public.save_progress(tests.lesson_id('Deep dive'), 0, 600, true) #>> '{progress,completed_by}', 'manual',
  'a tick is always the learner''s own');
select tests.authenticate_as('learner');
select throws_like($$select public.save_progress(tests.lesson_id('Welcome'), 10, 10)$$, '%forbidden%',
  'save_progress, now definer, still refuses a learner who is not enrolled');
select throws_like($$select public.save_progress(tests.lesson_id('Draft lesson'), 10, 10)$$, '%course_not_found%',
  'and does not reveal a draft''s lessons');
select is(
  (select count(*)::int from public.lesson_progress where user_id = tests.get_user_id('learner')),
  0, 'a refused save writes nothing'
);
select tests.clear_authentication();
select ok(
  not has_table_privilege('authenticated', 'private.study_clocks', 'select, insert, update, delete'),
  'learners cannot read or move their study clock'
);

select * from finish();
rollback;
