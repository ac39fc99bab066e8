-- lesson_progress: the owner reads their own, the course's school members read it; nobody writes it directly
-- (save_progress is the only write path: see 190 and 400).
begin;
select plan(18);

select tests.create_course_fixture();
insert into public.lesson_progress (user_id, lesson_id, course_id, position_s, watched_s)
values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), tests.course_id('alpine-basics'), 60, 60);

-- writing -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$insert into public.lesson_progress (lesson_id, course_id) values (tests.lesson_id('Welcome'), tests.course_id('alpine-basics'))$$, '42501', null, 'anon cannot record progress');
select tests.authenticate_as('enrolled');
select throws_ok($$insert into public.lesson_progress (lesson_id, course_id, position_s, watched_s) values (tests.lesson_id('First steps'), tests.course_id('alpine-basics'), 30, 30)$$, '42501', null, 'an enrolled learner cannot insert progress directly');
select throws_ok($$update public.lesson_progress set position_s = 90, watched_s = 90 where lesson_id = tests.lesson_id('Welcome')$$, '42501', null, 'an enrolled learner cannot update their progress directly');
select tests.clear_authentication();
select throws_ok($$update public.lesson_progress set status = 'completed' where lesson_id = tests.lesson_id('Welcome')$$, '23514', null, 'completed needs completed_at and completed_by');
select tests.authenticate_as('enrolled');
select throws_ok($$insert into public.lesson_progress (lesson_id, course_id) values (tests.lesson_id('Beacon lesson'), tests.course_id('beacon-basics'))$$, '42501', null, 'a learner cannot record progress in a course they are not enrolled in');
select throws_ok($$insert into public.lesson_progress (lesson_id, course_id) values (tests.lesson_id('Beacon lesson'), tests.course_id('alpine-basics'))$$, '42501', null, 'a lesson of another course is refused under the enrolled course''s id');
select tests.clear_authentication();
select throws_ok($$insert into public.lesson_progress (user_id, lesson_id, course_id) values (tests.get_user_id('enrolled'), tests.lesson_id('Beacon lesson'), tests.course_id('alpine-basics'))$$, '23503', null, 'the course must be the lesson''s, whoever writes');
select tests.authenticate_as('enrolled');
select throws_ok($$delete from public.lesson_progress$$, '42501', null, 'a learner cannot delete progress');
select tests.authenticate_as('learner');
select throws_ok($$insert into public.lesson_progress (lesson_id, course_id) values (tests.lesson_id('Welcome'), tests.course_id('alpine-basics'))$$, '42501', null, 'a learner who is not enrolled cannot record progress');
select throws_ok($$insert into public.lesson_progress (user_id, lesson_id, course_id) values (tests.get_user_id('enrolled'), tests.lesson_id('First steps'), tests.course_id('alpine-basics'))$$, '42501', null, 'nobody records progress for someone else');
select throws_ok($$update public.lesson_progress set position_s = 0$$, '42501', null, 'a learner cannot change someone else''s progress');
select tests.authenticate_as('instructor');
select throws_ok($$update public.lesson_progress set position_s = 0$$, '42501', null, 'an instructor cannot change a learner''s progress directly');

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok('select * from public.lesson_progress', '42501', null, 'anon cannot read progress');
select tests.authenticate_as('enrolled');
select results_eq('select position_s from public.lesson_progress', array[60], 'a learner reads their own progress');
select tests.authenticate_as('learner');
select is_empty('select * from public.lesson_progress', 'a learner does not read other learners'' progress');
select tests.authenticate_as('instructor');
select results_eq('select user_id from public.lesson_progress', array[tests.get_user_id('enrolled')], 'an instructor reads the progress of their course''s learners');
select tests.authenticate_as('other_owner');
select is_empty('select * from public.lesson_progress', 'the owner of another school does not read school A''s progress');

select tests.clear_authentication();
select ok(
  exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'lesson_progress'),
  'lesson_progress changes are published to Realtime'
);

select * from finish();
rollback;
