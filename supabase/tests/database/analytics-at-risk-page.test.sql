-- course_analytics_at_risk picks its page from the enrollments before it reads names, lessons and stats: a page
-- smaller than the selection still counts every selected learner, keeps the order (most recently idle first, ties
-- by enrollment id) and carries each paged learner's own name, last lesson and lessons completed.
begin;
select plan(4);

select tests.create_enrollment_fixture();
select tests.create_user('pat', 'Pat Paused');
select tests.create_user('quinn', 'Quinn Quiet');
select tests.create_user('tia', 'Tia Tied');
insert into public.enrollments (course_id, user_id, source, enrolled_at)
select tests.course_id('alpine-basics'), tests.get_user_id(who), 'manual', now() - interval '30 days'
from (values ('pat'), ('quinn'), ('tia')) as v(who);
update public.enrollments set enrolled_at = now() - interval '10 days' where user_id = tests.get_user_id('classmate');

-- Pat idle 8 days after two lessons, Quinn and Tia idle 12 days (the same moment) after one; Carl ('classmate')
-- enrolled 10 days ago and never started.
insert into public.lesson_progress (user_id, lesson_id, course_id, status, watched_s, completed_at, completed_by, updated_at)
select tests.get_user_id(who), tests.lesson_id(lesson), tests.course_id('alpine-basics'), 'completed', 60,
  now() - ago, 'manual', now() - ago
from (values ('pat', 'Welcome', interval '9 days'), ('pat', 'First steps', interval '8 days'),
             ('quinn', 'Welcome', interval '12 days'), ('tia', 'Welcome', interval '12 days')) as v(who, lesson, ago);
update public.enrollments e set last_activity_at = now() - interval '12 days'
where e.user_id in (tests.get_user_id('quinn'), tests.get_user_id('tia'));

-- Quinn and Tia in enrollment id order, read before signing in as the instructor (who may not read their profiles).
create temporary table tied_order as
select p.display_name, 1 as lessons_completed, row_number() over (order by e.id) as n
from public.enrollments e join public.profiles p on p.id = e.user_id
where e.user_id in (tests.get_user_id('quinn'), tests.get_user_id('tia'));
grant select on tied_order to authenticated;

select tests.authenticate_as('instructor');
select results_eq(
  format('select display_name, last_lesson_title, lessons_completed, lessons_total, total_count from public.course_analytics_at_risk(%L, page_size => 1)', tests.course_id('alpine-basics')),
  $$values ('Pat Paused', 'First steps', 2, 3, 4)$$,
  'a page of one: the most recently idle learner with their own last lesson and count, and the whole selection''s total'
);
select results_eq(
  format('select display_name, total_count from public.course_analytics_at_risk(%L, page_size => 2)', tests.course_id('alpine-basics')),
  $$values ('Pat Paused', 4), ('Carl Classmate', 4)$$,
  'never started counts from the enrollment: Carl (enrolled 10 days ago) comes before the learners idle 12 days'
);
select results_eq(
  format('select display_name, lessons_completed from public.course_analytics_at_risk(%L) offset 2', tests.course_id('alpine-basics')),
  'select display_name, lessons_completed from tied_order order by n',
  'learners idle since the same moment follow their enrollment id'
);
select results_eq(
  format('select count(*)::integer, min(total_count) from public.course_analytics_at_risk(%L, page_size => 500)', tests.course_id('alpine-basics')),
  $$values (4, 4)$$,
  'a page larger than the selection holds all of it'
);

select * from finish();
rollback;
