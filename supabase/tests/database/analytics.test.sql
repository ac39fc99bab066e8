-- Instructor analytics (course_analytics_funnel, _lessons, _at_risk and the live channel): only the course's
-- instructors and the school's owners get answers; the numbers follow the progress rows in the same transaction
-- (funnel steps, where learners stop, median time per lesson, at-risk learners), filtered by cohort and date.
begin;
select plan(30);

select tests.create_enrollment_fixture();

-- The cast beyond the fixture: Pat (no cohort, enrolled 20 days ago, idle 8 days), Fin and Gus (finished; Fin
-- certified, Gus's certificate revoked), Rex (removed), and Ada, an instructor of the school who does not teach
-- alpine-basics. Erin ('enrolled', Spring) did two of three lessons just now; Carl ('classmate', Autumn) enrolled
-- 10 days ago and never started.
select tests.create_user('pat', 'Pat Paused');
select tests.create_user('fin', 'Fin Finisher');
select tests.create_user('gus', 'Gus Revoked');
select tests.create_user('rex', 'Rex Removed');
select tests.create_user('ada', 'Ada Assistant');
insert into public.school_members (school_id, user_id, role)
values (tests.school_id('alpine-academy'), tests.get_user_id('ada'), 'instructor');
update public.enrollments set enrolled_at = now() - interval '10 days' where user_id = tests.get_user_id('classmate');
insert into public.enrollments (course_id, user_id, source, enrolled_at)
select tests.course_id('alpine-basics'), tests.get_user_id(who), 'manual', now() - make_interval(days => ago)
from (values ('pat', 20), ('fin', 2), ('gus', 2), ('rex', 2)) as v(who, ago);
update public.enrollments set status = 'removed' where user_id = tests.get_user_id('rex');

create function tests.progress(who text, lesson text, done boolean, seconds integer, ago interval default '0')
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.lesson_progress (user_id, lesson_id, course_id, status, watched_s, completed_at, completed_by, updated_at)
  values (tests.get_user_id(who), tests.lesson_id(lesson), tests.course_id('alpine-basics'),
    case when done then 'completed' else 'in_progress' end::public.progress_status, seconds,
    case when done then now() - ago end, case when done then 'manual' end::public.completed_by, now() - ago);
$$;

select tests.progress('enrolled', 'Welcome', true, 120);
select tests.progress('enrolled', 'First steps', true, 300);
select tests.progress('pat', 'Welcome', true, 100, '8 days');
select tests.progress('fin', 'Welcome', true, 30), tests.progress('fin', 'First steps', true, 200), tests.progress('fin', 'Deep dive', true, 600);
select tests.progress('gus', 'Welcome', true, 45), tests.progress('gus', 'First steps', true, 250), tests.progress('gus', 'Deep dive', true, 700);
select tests.progress('rex', 'Welcome', false, 10);

-- Certificates as the certificates migration leaves them (whatever its issuing trigger did): Fin's valid, Gus's revoked.
delete from public.certificates where course_id = tests.course_id('alpine-basics');
insert into public.certificates (code, user_id, course_id, snapshot, revoked_at, revoke_reason) values
  ('ABCDEFGH23', tests.get_user_id('fin'), tests.course_id('alpine-basics'), '{}', null, null),
  ('ABCDEFGH45', tests.get_user_id('gus'), tests.course_id('alpine-basics'), '{}', now(), 'Copied work');

create function tests.funnel(filters text default '')
returns setof integer[]
language plpgsql
set search_path = ''
as $$
begin
  return query execute format(
    'select array[lessons_total, enrolled, started, quarter, half, three_quarters, completed, certified]
     from public.course_analytics_funnel(%L%s)', tests.course_id('alpine-basics'), filters
  );
end;
$$;
grant execute on function tests.funnel(text) to authenticated;

-- who may read it -----------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.error_of(format('select * from public.course_analytics_funnel(%L)', tests.course_id('alpine-basics'))), '{"sqlstate": "42501"}', 'a visitor cannot call the funnel');
select is(tests.error_of(format('select * from public.course_analytics_at_risk(%L)', tests.course_id('alpine-basics'))), '{"sqlstate": "42501"}', 'nor the at-risk list');
select tests.authenticate_as('enrolled');
select is(tests.error_of(format('select * from public.course_analytics_funnel(%L)', tests.course_id('alpine-basics'))), '{"code": "forbidden", "status": 403}', 'a learner of the course is refused');
select is(tests.error_of(format('select * from public.course_analytics_lessons(%L)', tests.course_id('alpine-basics'))), '{"code": "forbidden", "status": 403}', 'a learner cannot read the lessons either');
select tests.authenticate_as('other_owner');
select is(tests.error_of(format('select * from public.course_analytics_at_risk(%L)', tests.course_id('alpine-basics'))), '{"code": "forbidden", "status": 403}', 'the owner of another school is refused (no learner names)');
select tests.authenticate_as('ada');
select is(tests.error_of(format('select * from public.course_analytics_funnel(%L)', tests.course_id('alpine-basics'))), '{"code": "forbidden", "status": 403}', 'an instructor of the school who does not teach the course is refused');
select tests.authenticate_as('instructor');
select is(tests.error_of(format('select * from public.course_analytics_funnel(%L)', gen_random_uuid())), '{"code": "forbidden", "status": 403}', 'an unknown course gets the same answer');
select is(tests.error_of(format('select * from public.course_analytics_funnel(%L, %L)', tests.course_id('alpine-basics'), tests.cohort_id('Beacon cohort'))), '{"code": "validation_failed", "fields": {"cohort_id": "Choose a cohort of this course."}, "status": 422}', 'a cohort of another course is refused');
select is(tests.error_of(format('select * from public.course_analytics_funnel(%L, enrolled_from => now(), enrolled_to => now() - interval ''1 day'')', tests.course_id('alpine-basics'))), '{"code": "validation_failed", "fields": {"enrolled_to": "The end of the range must be after its start."}, "status": 422}', 'a reversed date range is refused');

-- the funnel ----------------------------------------------------------------------------------------------------
-- lessons, enrolled, started, 25 %, 50 %, 75 %, completed, certified
select is((select tests.funnel()), array[3, 5, 4, 4, 3, 2, 2, 1], 'the course''s instructor reads the funnel: removed learners left, 1 of 3 lessons is 25 %, a revoked certificate does not count');
select tests.authenticate_as('owner');
select is((select tests.funnel()), array[3, 5, 4, 4, 3, 2, 2, 1], 'the school''s owner reads the same');
select is((select tests.funnel(format(', cohort_id => %L', tests.cohort_id('Spring')))), array[3, 1, 1, 1, 1, 0, 0, 0], 'a cohort narrows it to its learners');
select is((select tests.funnel(', enrolled_from => now() - interval ''15 days'', enrolled_to => now() + interval ''1 day''')), array[3, 4, 3, 3, 3, 2, 2, 1], 'an enrollment date range leaves out Pat, enrolled 20 days ago');

-- per lesson ----------------------------------------------------------------------------------------------------
select results_eq(
  format('select lesson_number, lesson_title, working, stopped, completed_learners, median_seconds from public.course_analytics_lessons(%L)', tests.course_id('alpine-basics')),
  $$values (1, 'Welcome', 0, 1, 4, 45), (2, 'First steps', 1, 0, 3, 255), (3, 'Deep dive', 0, 0, 2, 605)$$,
  'per lesson in course order: Pat stopped at Welcome, Erin works on First steps; completions and the lower median time (middle of its 10 s bucket)'
);

-- at risk -------------------------------------------------------------------------------------------------------
select results_eq(
  format('select display_name, last_lesson_title, lessons_completed, lessons_total, total_count from public.course_analytics_at_risk(%L)', tests.course_id('alpine-basics')),
  $$values ('Pat Paused', 'Welcome', 1, 3, 2), ('Carl Classmate', null, 0, 3, 2)$$,
  'at risk: idle for 7 days or never started a week after enrolling, most recently idle first, with the last lesson'
);
select results_eq(
  format('select display_name from public.course_analytics_at_risk(%L, %L)', tests.course_id('alpine-basics'), tests.cohort_id('Autumn')),
  $$values ('Carl Classmate')$$,
  'the cohort filter applies to the at-risk list'
);
select is(tests.error_of(format('select * from public.course_analytics_at_risk(%L, page_size => 0)', tests.course_id('alpine-basics'))), '{"code": "validation_failed", "fields": {"page_size": "Ask for 1 to 500 rows."}, "status": 422}', 'the page size is bounded');

-- never stale: the next write moves the numbers -------------------------------------------------------------------
select tests.clear_authentication();
update public.lesson_progress set status = 'in_progress', completed_at = null, completed_by = null
where user_id = tests.get_user_id('enrolled') and lesson_id = tests.lesson_id('First steps');
select tests.progress('pat', 'First steps', false, 20);
select tests.authenticate_as('instructor');
select is((select tests.funnel()), array[3, 5, 4, 4, 2, 2, 2, 1], 'Erin unticking First steps leaves the 50 % step at once');
select results_eq(
  format('select lesson_number, working, stopped, completed_learners, median_seconds from public.course_analytics_lessons(%L)', tests.course_id('alpine-basics')),
  $$values (1, 0, 0, 4, 45), (2, 2, 0, 2, 205), (3, 0, 0, 2, 605)$$,
  'Pat coming back to First steps is working there, no longer stopped; First steps'' median follows the untick'
);
select results_eq(
  format('select display_name from public.course_analytics_at_risk(%L)', tests.course_id('alpine-basics')),
  $$values ('Carl Classmate')$$,
  'and Pat is no longer at risk'
);

select tests.clear_authentication();
update public.enrollments set cohort_id = tests.cohort_id('Spring') where user_id = tests.get_user_id('fin');
select tests.authenticate_as('instructor');
select results_eq(
  format('select completed_learners, median_seconds from public.course_analytics_lessons(%L, %L) where lesson_number = 1', tests.course_id('alpine-basics'), tests.cohort_id('Spring')),
  $$values (2, 35)$$,
  'moving Fin into Spring moves his lesson times to Spring''s histogram (Erin 120 s, Fin 30 s: lower median 35)'
);

select tests.clear_authentication();
delete from public.lesson_progress where user_id = tests.get_user_id('gus');
select tests.authenticate_as('instructor');
select results_eq(
  format('select completed_learners from public.course_analytics_lessons(%L) order by lesson_number', tests.course_id('alpine-basics')),
  $$values (3), (1), (1)$$,
  'deleted progress leaves the counts'
);

-- the aggregates match a recount from the rows ----------------------------------------------------------------
select tests.clear_authentication();
select results_eq(
  format($$select user_id, lessons_started, lessons_completed from private.course_learner_stats where course_id = %L and lessons_started > 0 order by user_id$$, tests.course_id('alpine-basics')),
  format($$select user_id, count(*)::integer, (count(*) filter (where status = 'completed'))::integer from public.lesson_progress where course_id = %L group by user_id order by user_id$$, tests.course_id('alpine-basics')),
  'the per-learner counts kept by the trigger equal a recount'
);
select is(
  (select sum(learners)::integer from private.lesson_time_histogram where course_id = tests.course_id('alpine-basics')),
  (select count(*)::integer from public.lesson_progress where course_id = tests.course_id('alpine-basics') and status = 'completed'),
  'the histogram holds exactly the completed lessons'
);

-- the live channel ----------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select ok(private.can_view_course_analytics(tests.course_id('alpine-basics')), 'the course''s instructor may join its analytics channel');
select tests.authenticate_as('owner');
select ok(private.can_view_course_analytics(tests.course_id('alpine-basics')), 'so may the school''s owner');
select tests.authenticate_as('ada');
select ok(not private.can_view_course_analytics(tests.course_id('alpine-basics')), 'an instructor of the school who does not teach it may not');
select tests.authenticate_as('enrolled');
select ok(not private.can_view_course_analytics(tests.course_id('alpine-basics')), 'nor may a learner');

-- A progress write broadcasts on the channel; Realtime hands it only to those the realtime.messages policy admits.
select tests.clear_authentication();
select tests.progress('classmate', 'Welcome', false, 5);
select tests.authenticate_as('instructor');
select set_config('realtime.topic', 'course-analytics:' || tests.course_id('alpine-basics'), true);
select ok(exists (select 1 from realtime.messages where topic = 'course-analytics:' || tests.course_id('alpine-basics') and event = 'changed'), 'a progress write is broadcast to the course''s instructor');
select tests.authenticate_as('other_owner');
select set_config('realtime.topic', 'course-analytics:' || tests.course_id('alpine-basics'), true);
select ok(not exists (select 1 from realtime.messages where topic = 'course-analytics:' || tests.course_id('alpine-basics')), 'the owner of another school receives none of it');

select * from finish();
rollback;
