-- daily_activity: written by the database only; the owner reads their own.
begin;
select plan(9);

select tests.create_course_fixture();
insert into public.daily_activity (user_id, day, seconds, lessons_completed)
values (tests.get_user_id('enrolled'), current_date, 600, 1);

select tests.authenticate_as_anon();
select throws_ok('select * from public.daily_activity', '42501', null, 'anon cannot read daily activity');
select tests.authenticate_as('enrolled');
select results_eq('select seconds from public.daily_activity', array[600], 'a learner reads their own daily activity');
select throws_ok($$insert into public.daily_activity (user_id, day, seconds) values (tests.get_user_id('enrolled'), current_date - 1, 60)$$, '42501', null, 'a learner cannot write daily activity');
select throws_ok($$update public.daily_activity set seconds = 86400$$, '42501', null, 'a learner cannot inflate their daily activity');
select throws_ok($$delete from public.daily_activity$$, '42501', null, 'a learner cannot delete daily activity');
select tests.authenticate_as('learner');
select is_empty('select * from public.daily_activity', 'a learner does not read someone else''s daily activity');
select tests.authenticate_as('instructor');
select is_empty('select * from public.daily_activity', 'an instructor does not read learners'' daily activity');
select tests.authenticate_as('other_owner');
select is_empty('select * from public.daily_activity', 'the owner of another school does not read it either');

select tests.clear_authentication();
select throws_ok($$insert into public.daily_activity (user_id, day, seconds) values (tests.get_user_id('learner'), current_date, 90000)$$, '23514', null, 'more than a day''s seconds is refused');

select * from finish();
rollback;
