-- Whole-schema guarantees: every table the Data API serves has row-level security, and no helper in `private` or
-- function in `public` is callable by API roles unless a migration granted it on purpose.
begin;
select plan(3);

select is_empty(
  $$select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity$$,
  'every table in public has row-level security enabled'
);

-- Visitors reach definer rights only where a course page or a preview needs them; each one is named here so a new
-- grant to anon is a decision this test makes visible.
select results_eq(
  $$select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'private' and p.prosecdef and has_function_privilege('anon', p.oid, 'execute')
    order by 1$$,
  array[
    'private.can_read_course_media(text)',   -- preview media of published courses
    'private.course_outline_rows(uuid,uuid,boolean,jsonb)', -- course_outline's sections, lessons and content
    'private.course_staff(uuid)',            -- instructor names on course pages
    'private.is_published_preview(uuid)',    -- the content and video-check policies' preview lessons (a yes or no)
    'private.lesson_availability(uuid)',     -- preview vs enroll in the outline
    'private.lesson_availability(uuid,boolean)', -- the same rule as course_outline asks it (as_learner for members only)
    'private.school_staff(uuid)'             -- instructor names on the public school page (those course pages show)
  ],
  'anon executes only the security-definer helpers course pages and previews need'
);

select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'private' and p.prosecdef and p.prorettype = 'trigger'::regtype
      and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))$$,
  'trigger functions with definer rights are not callable by API roles'
);

select * from finish();
rollback;
