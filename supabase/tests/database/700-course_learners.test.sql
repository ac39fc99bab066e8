-- course_learners: the learners page's roster. Only members of the course's school get it (visitors, learners, the
-- owner of another school are refused); search matches name and email literally, filters, sorts and pages happen in
-- the database, and each row carries progress, time studied and the total count.
begin;
select plan(27);

select tests.create_enrollment_fixture();
-- Erin finished "Welcome" (2 minutes watched); Pat's name holds the LIKE wildcards % and _.
insert into public.lesson_progress (user_id, lesson_id, course_id, status, position_s, watched_s, completed_at, completed_by)
values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), tests.course_id('alpine-basics'), 'completed', 120, 120, now(), 'rule');
select tests.create_user('pat', '100%_Pat');
insert into public.enrollments (course_id, user_id, source, enrolled_at)
values (tests.course_id('alpine-basics'), tests.get_user_id('pat'), 'manual', now() - interval '3 days');

create function tests.roster(args text)
returns setof text
language plpgsql
set search_path = ''
as $$
begin
  return query execute format(
    'select display_name from public.course_learners(%L, %s)', tests.course_id('alpine-basics'), args
  );
end;
$$;
grant execute on function tests.roster(text) to authenticated;

-- who may read it -----------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(tests.error_of(format('select * from public.course_learners(%L)', tests.course_id('alpine-basics'))), '{"code": "not_signed_in", "status": 401}', 'a visitor is asked to sign in');
select tests.authenticate_as('enrolled');
select is(tests.error_of(format('select * from public.course_learners(%L)', tests.course_id('alpine-basics'))), '{"code": "forbidden", "status": 403}', 'a learner of the course cannot read its roster');
select tests.authenticate_as('other_owner', 'aal2');
select is(tests.error_of(format('select * from public.course_learners(%L)', tests.course_id('alpine-basics'))), '{"code": "forbidden", "status": 403}', 'the owner of another school cannot read it');
select tests.authenticate_as('instructor');
select is(tests.error_of(format('select * from public.course_learners(%L)', gen_random_uuid())), '{"code": "forbidden", "status": 403}', 'an unknown course gets the same answer');
select results_eq($$select count(*)::int from public.course_learners(tests.course_id('alpine-basics'))$$, array[3], 'an instructor of the school reads every learner of the course');
select tests.authenticate_as('owner');
select results_eq($$select display_name from public.course_learners(tests.course_id('alpine-basics'), sort => 'name', direction => 'asc')$$, array['100%_Pat', 'Carl Classmate', 'Erin Enrolled'], 'the owner reads them too, sorted by name');

-- what a row says -----------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select results_eq(
  $$select email, cohort_name, source::text, enrollment_status::text, lessons_done, lessons_total, progress_percent, seconds_studied
    from public.course_learners(tests.course_id('alpine-basics'), search => 'erin')$$,
  $$values ('enrolled@test.summit.local', 'Spring', 'open', 'active', 1, 3, 33, 120)$$,
  'a row has the email from Auth, the cohort, the source, the status, lessons done of total, progress and seconds studied'
);
select results_eq($$select lessons_done, progress_percent, seconds_studied, enrollment_cohort_id from public.course_learners(tests.course_id('alpine-basics'), search => 'Carl')$$, $$values (0, 0, 0, tests.cohort_id('Autumn'))$$, 'a learner without progress is at 0, with their cohort''s id');
select results_eq($$select distinct total_count from public.course_learners(tests.course_id('alpine-basics'))$$, array[3], 'every row carries the total count');

-- search --------------------------------------------------------------------------------------------------------
select results_eq($$select tests.roster('search => ''CLASSMATE@test''')$$, array['Carl Classmate'], 'search matches the email, ignoring case');
select results_eq($$select tests.roster('search => ''  enrolled ''')$$, array['Erin Enrolled'], 'search matches the name, trimmed');
select results_eq($$select tests.roster('search => ''%''')$$, array['100%_Pat'], 'a % in the search is a literal percent sign, not a wildcard');
select results_eq($$select tests.roster('search => ''_''')$$, array['100%_Pat'], 'an _ in the search is a literal underscore');
select is_empty($$select tests.roster('search => ''E%d''')$$, 'wildcards inside the search do not match across characters');
select results_eq($$select count(*)::int from public.course_learners(tests.course_id('alpine-basics'), search => '')$$, array[3], 'an empty search shows everyone');

-- filters -------------------------------------------------------------------------------------------------------
select results_eq($$select display_name from public.course_learners(tests.course_id('alpine-basics'), cohort_id => tests.cohort_id('Spring'))$$, array['Erin Enrolled'], 'filter by cohort');
select is_empty($$select * from public.course_learners(tests.course_id('alpine-basics'), status => 'removed')$$, 'filter by status: nobody is removed yet');
select results_eq($$select count(*)::int from public.course_learners(tests.course_id('alpine-basics'), status => 'active')$$, array[3], 'filter by status: active');

-- sorting and paging --------------------------------------------------------------------------------------------
select results_eq($$select tests.roster('sort => ''name'', direction => ''desc''')$$, array['Erin Enrolled', 'Carl Classmate', '100%_Pat'], 'sort by name descending');
select is((select r from tests.roster('sort => ''progress'', direction => ''desc''') as r limit 1), 'Erin Enrolled', 'sort by progress descending: the learner with progress comes first');
select results_eq($$select tests.roster('sort => ''enrolled_at'', direction => ''asc'', page_size => 1')$$, array['100%_Pat'], 'sort by enrollment date, earliest first, one per page');
select results_eq(
  $$select display_name, total_count from public.course_learners(tests.course_id('alpine-basics'), sort => 'name', direction => 'asc', page_size => 2, page => 2)$$,
  $$values ('Erin Enrolled', 3)$$,
  'the second page of two holds the rest, and the total still counts all three'
);
select results_eq($$select tests.roster('sort => ''cohort'', direction => ''asc''')$$, array['Carl Classmate', 'Erin Enrolled', '100%_Pat'], 'sort by cohort name, learners without one last');

-- bad arguments -------------------------------------------------------------------------------------------------
select is(
  tests.error_of(format($$select * from public.course_learners(%L, sort => 'password', direction => 'up', page_size => 0, page => 0, status => 'gone')$$, tests.course_id('alpine-basics'))),
  '{"code": "validation_failed", "status": 422, "fields": {"page": "Pages start at 1.", "sort": "Sort by name, email, cohort, source, enrolled_at, last_activity_at, progress or status.", "status": "Choose invited, active, completed or removed.", "direction": "Choose asc or desc.", "page_size": "Ask for 1 to 500 rows."}}',
  'unknown sorts, directions, statuses and page sizes are refused field by field'
);
select is(tests.error_of(format($$select * from public.course_learners(%L, search => %L)$$, tests.course_id('alpine-basics'), repeat('x', 201))), '{"code": "validation_failed", "status": 422, "fields": {"search": "Search for at most 200 characters."}}', 'a search longer than 200 characters is refused');

-- how it is built -----------------------------------------------------------------------------------------------
select tests.clear_authentication();
select ok((select prosecdef and proconfig @> array['search_path=""'] from pg_proc where oid = 'public.course_learners(uuid, text, uuid, text, text, text, integer, integer)'::regprocedure), 'course_learners is security definer with an empty search_path');
select ok((select prosecdef and proconfig @> array['search_path=""'] from pg_proc where oid = 'public.add_learners(uuid, text[], uuid)'::regprocedure), 'add_learners is security definer with an empty search_path');

select * from finish();
rollback;
