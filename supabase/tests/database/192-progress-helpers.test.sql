-- The helpers every progress save calls answer as their SQL bodies did, now as PL/pgSQL (which keeps its plans for
-- the session): the lesson's credit cap, the Realtime topics, and the analytics "changed" broadcast.
begin;
select plan(12);

select is(private.credit_cap_s('video', 600), 600, 'a video credits at most its length');
select is(private.credit_cap_s('text', 300), 600, 'a text credits up to twice its estimate');
select is(private.credit_cap_s('text', 60000), 86400, 'never more than a day');
select is(private.credit_cap_s('video', 0), 900, 'no duration known: a quarter of an hour');
select is(private.credit_cap_s('quiz', 300), 900, 'a quiz: a quarter of an hour');
select is(private.credit_cap_s(null, null), 900, 'nothing known: a quarter of an hour');

select is(private.course_live_topic('c0000000-0000-4000-8000-000000000001'), 'course-live:c0000000-0000-4000-8000-000000000001', 'the course''s live topic');
select is(private.account_topic('a0000000-0000-4000-8000-000000000006'), 'account:a0000000-0000-4000-8000-000000000006', 'the account''s topic');
select is(private.course_analytics_topic('c0000000-0000-4000-8000-000000000001'), 'course-analytics:c0000000-0000-4000-8000-000000000001', 'the analytics page''s topic');
select is(private.account_topic(null), null, 'no account, no topic');

select private.announce_course_analytics('c0000000-0000-4000-8000-000000000001');
select results_eq(
  $$select event, topic, private, payload ->> 'course_id' from realtime.messages
    where topic = 'course-analytics:c0000000-0000-4000-8000-000000000001' and inserted_at >= now()
    order by inserted_at desc limit 1$$,
  $$values ('changed'::text, 'course-analytics:c0000000-0000-4000-8000-000000000001'::text, true, 'c0000000-0000-4000-8000-000000000001'::text)$$,
  'the analytics page hears that its course changed'
);

select is(
  (select array_agg(distinct l.lanname::text) from pg_proc p join pg_language l on l.oid = p.prolang
   where p.oid in ('private.credit_cap_s'::regproc, 'private.course_live_topic'::regproc, 'private.account_topic'::regproc,
     'private.course_analytics_topic'::regproc, 'private.announce_course_analytics'::regproc)),
  array['plpgsql'],
  'each is PL/pgSQL, so a pooled connection plans it once'
);

select * from finish();
rollback;
