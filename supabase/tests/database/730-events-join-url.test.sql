-- events.join_url is https only (20261124134000), for every audience that may write events at all: http,
-- javascript: and bare host names are refused with the check constraint, https links pass; visitors, learners
-- and members of another school are still refused by RLS before the link matters.
begin;
select plan(13);

select tests.create_enrollment_fixture();

-- visitors and learners cannot plan events, whatever the link -------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('alpine-basics'), 'live', 'Anon', now() + interval '1 day', now() + interval '1 day 1 hour', 'https://meet.example.com/a')$$, '42501', null, 'anon cannot create an event, even with an https link');
select tests.authenticate_as('enrolled');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('alpine-basics'), 'live', 'Mine', now() + interval '1 day', now() + interval '1 day 1 hour', 'https://meet.example.com/m')$$, '42501', null, 'a learner cannot create an event, even with an https link');
select results_eq($$with changed as (update public.events set join_url = 'https://evil.example.com/x' where title = 'Kickoff' returning 1) select count(*)::int from changed$$, array[0], 'a learner cannot change a join link');

-- the school's instructor ---------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select lives_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('alpine-basics'), 'live', 'Secure', now() + interval '1 day', now() + interval '1 day 1 hour', 'https://meet.example.com/secure?pwd=1')$$, 'an instructor plans a session with an https link');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('alpine-basics'), 'live', 'Plain', now() + interval '1 day', now() + interval '1 day 1 hour', 'http://meet.example.com/plain')$$, '23514', null, 'an http join link is refused for an instructor');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('alpine-basics'), 'live', 'Bare', now() + interval '1 day', now() + interval '1 day 1 hour', 'meet.example.com/bare')$$, '23514', null, 'a link without a scheme is refused');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('alpine-basics'), 'live', 'Long', now() + interval '1 day', now() + interval '1 day 1 hour', 'https://meet.example.com/' || repeat('a', 2000))$$, '23514', null, 'a link over 2,000 characters is refused');
select throws_ok($$update public.events set join_url = 'http://meet.example.com/kickoff' where title = 'Kickoff'$$, '23514', null, 'an instructor cannot change a link to http');

-- the owner -----------------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select results_eq($$with changed as (update public.events set join_url = 'https://meet.example.com/moved' where title = 'Kickoff' returning join_url) select join_url from changed$$, array['https://meet.example.com/moved'], 'the owner moves a session to another https link');
select throws_ok($$update public.events set join_url = 'javascript:alert(1)' where title = 'Kickoff'$$, '23514', null, 'the owner cannot set a javascript: link');

-- a member of another school ------------------------------------------------------------------------------------
select tests.authenticate_as('other_owner');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('alpine-basics'), 'live', 'Theirs', now() + interval '1 day', now() + interval '1 day 1 hour', 'https://meet.example.com/t')$$, '42501', null, 'the owner of another school cannot plan events in school A''s course');
select throws_ok($$insert into public.events (course_id, kind, title, starts_at, ends_at, join_url) values (tests.course_id('beacon-basics'), 'live', 'Beacon plain', now() + interval '1 day', now() + interval '1 day 1 hour', 'http://meet.example.com/b')$$, '23514', null, 'the rule holds in every school: http refused in the other school''s own course');
select results_eq($$with changed as (update public.events set join_url = 'https://meet.example.com/beacon' where title = 'Beacon session' returning join_url) select join_url from changed$$, array['https://meet.example.com/beacon'], 'the other school''s owner sets an https link on their own session');

select * from finish();
rollback;
