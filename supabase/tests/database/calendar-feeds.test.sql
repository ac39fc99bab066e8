-- Calendar feeds: a token is made only by rotate_calendar_feed (32 random bytes, base64url), kept as its SHA-256 and
-- never readable back; rotating revokes the old token, revoking leaves none; calendar_feed (service role only)
-- answers the learner's sessions and the events their enrollments and school membership grant, and null alike for
-- an unknown, a malformed and a revoked token. The account export carries the plans, sessions and feeds, never a hash.
begin;
select plan(23);

select tests.create_enrollment_fixture();

select tests.authenticate_as('enrolled');
select public.save_study_plan(tests.course_id('alpine-basics'), '{1,2,3,4,5,6,7}', '08:00', 5);
create temporary table made on commit drop as select public.rotate_calendar_feed() as feed;
grant select on made to authenticated, service_role;
select tests.clear_authentication();

create function pg_temp.token() returns text language sql as $$ select feed ->> 'token' from made $$;
create function pg_temp.feed_as_service(token text) returns jsonb language plpgsql as $$
declare
  answer jsonb;
begin
  perform tests.authenticate_as_service_role();
  answer := public.calendar_feed(token);
  perform tests.clear_authentication();
  return answer;
end;
$$;

-- making a token ---------------------------------------------------------------------------------------------------
select matches(pg_temp.token(), '^[A-Za-z0-9_-]{43}$', 'the token is 32 random bytes in base64url');
select is(
  (select token_hash from public.calendar_feeds where user_id = tests.get_user_id('enrolled')),
  sha256(convert_to(pg_temp.token(), 'UTF8')),
  'only its SHA-256 is stored'
);
select tests.authenticate_as('enrolled');
select is(
  tests.error_of('select token_hash from public.calendar_feeds') ->> 'sqlstate',
  '42501',
  'the owner cannot read the hash back'
);
select is(
  (select count(*)::integer from public.calendar_feeds where revoked_at is null),
  1,
  'the owner sees their live feed'
);
select is(
  tests.error_of($$insert into public.calendar_feeds (user_id, token_hash) values (auth.uid(), sha256('chosen'))$$) ->> 'sqlstate',
  '42501',
  'nobody writes a token of their own choosing'
);
select is(
  tests.error_of($$select public.calendar_feed('x')$$) ->> 'sqlstate',
  '42501',
  'a signed-in user cannot read feeds by token'
);
select tests.authenticate_as('classmate');
select is_empty('select id from public.calendar_feeds', 'another learner reads no one else''s feeds');
select tests.authenticate_as_anon();
select is(
  tests.error_of('select public.rotate_calendar_feed()') ->> 'sqlstate',
  '42501',
  'visitors cannot make a feed'
);
select tests.clear_authentication();

-- what the feed holds ----------------------------------------------------------------------------------------------
select is(
  (select jsonb_agg(i ->> 'title' order by i ->> 'starts_at')
   from jsonb_array_elements(pg_temp.feed_as_service(pg_temp.token()) -> 'items') i where i ->> 'kind' <> 'study'),
  '["Kickoff", "Spring deadline"]'::jsonb,
  'the feed has the course-wide events and the learner''s cohort''s, not another cohort''s or another course''s'
);
select is(
  (select count(*)::integer from jsonb_array_elements(pg_temp.feed_as_service(pg_temp.token()) -> 'items') i
   where i ->> 'kind' = 'study' and i ->> 'title' = 'Study: Alpine Basics' and i ->> 'course_slug' = 'alpine-basics'),
  4,
  'and the learner''s study sessions with their course'
);
select is(
  (select jsonb_object_keys_array from (select array(select jsonb_object_keys(i) order by 1) as jsonb_object_keys_array
   from jsonb_array_elements(pg_temp.feed_as_service(pg_temp.token()) -> 'items') i limit 1) k),
  array['course_slug', 'course_title', 'ends_at', 'id', 'join_url', 'kind', 'starts_at', 'title', 'updated_at'],
  'each item carries what a calendar event needs and nothing about the learner'
);
select is(
  pg_temp.feed_as_service(pg_temp.token()) ->> 'time_zone',
  'UTC',
  'the feed names the learner''s time zone'
);

update public.enrollments set status = 'removed' where user_id = tests.get_user_id('enrolled');
select is(
  (select count(*)::integer from jsonb_array_elements(pg_temp.feed_as_service(pg_temp.token()) -> 'items') i where i ->> 'kind' <> 'study'),
  0,
  'a removed learner''s feed loses the course''s events'
);
update public.enrollments set status = 'active' where user_id = tests.get_user_id('enrolled');

insert into public.school_members (school_id, user_id, role)
values (tests.school_id('beacon-school'), tests.get_user_id('enrolled'), 'instructor');
select ok(
  pg_temp.feed_as_service(pg_temp.token()) -> 'items' @> '[{"title": "Beacon session"}]',
  'a school member''s feed has their school''s course events'
);

-- unknown, malformed, rotated, revoked -----------------------------------------------------------------------------
select is(pg_temp.feed_as_service('not-a-token'), null, 'an unknown token answers nothing');
select is(pg_temp.feed_as_service(null), null, 'no token answers nothing');

select tests.authenticate_as('enrolled');
create temporary table rotated on commit drop as select public.rotate_calendar_feed() as feed;
select tests.clear_authentication();
select is(pg_temp.feed_as_service(pg_temp.token()), null, 'after rotating, the old token answers nothing');
select isnt(pg_temp.feed_as_service((select feed ->> 'token' from rotated)), null, 'and the new one works');
select is(
  (select count(*)::integer from public.calendar_feeds where user_id = tests.get_user_id('enrolled') and revoked_at is null),
  1,
  'one live feed per learner'
);

select tests.authenticate_as('enrolled');
select public.revoke_calendar_feed();
select tests.clear_authentication();
select is(pg_temp.feed_as_service((select feed ->> 'token' from rotated)), null, 'after revoking, the token answers nothing');

-- the account export -----------------------------------------------------------------------------------------------
create temporary table exported on commit drop as
select public.account_export(tests.get_user_id('enrolled')) as doc;
select is(
  (select array[jsonb_array_length(doc -> 'study_plans'), jsonb_array_length(doc -> 'calendar_feeds')] from exported),
  array[1, 2],
  'the account export holds the study plan and both feeds (made and rotated)'
);
select ok(
  (select jsonb_array_length(doc -> 'study_sessions') >= 1 and doc #>> '{study_plans,0,course_title}' = 'Alpine Basics'
     and doc ? 'enrollments' from exported),
  'with the study sessions and the plan''s course, beside what the export held before'
);
select ok(
  (select not (doc::text like '%token_hash%') and (doc -> 'calendar_feeds') @> '[{"revoked_at": null}]' is false
   from exported),
  'feeds are exported without their hashes, both revoked by now'
);

select * from finish();
rollback;
