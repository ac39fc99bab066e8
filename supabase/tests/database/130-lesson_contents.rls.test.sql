-- lesson_contents: enrolled learners (unlocked lessons only), school members, and anyone for a published preview.
begin;
select plan(20);

select tests.create_course_fixture();

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select results_eq($$select body_md from public.lesson_contents order by body_md$$, array['Content of Welcome'], 'anon reads only the preview lesson of a published course');
select tests.authenticate_as('learner');
select results_eq($$select body_md from public.lesson_contents order by body_md$$, array['Content of Welcome'], 'a learner who is not enrolled reads only published previews');
select tests.authenticate_as('enrolled');
select results_eq($$select body_md from public.lesson_contents order by body_md$$, array['Content of Welcome'], 'an enrolled learner of a sequential course reads the first lesson, not the next one yet');
select tests.clear_authentication();
insert into public.lesson_progress (user_id, lesson_id, course_id, status, completed_at, completed_by)
values (tests.get_user_id('enrolled'), tests.lesson_id('Welcome'), tests.course_id('alpine-basics'), 'completed', now(), 'manual');
select tests.authenticate_as('enrolled');
select results_eq($$select body_md from public.lesson_contents order by body_md$$, array['Content of First steps', 'Content of Welcome'], 'completing the first lesson unlocks the second');
select is((select count(*)::int from public.lesson_contents where lesson_id = tests.lesson_id('Deep dive')), 0, 'a lesson of a section that is not released yet is not served');
select tests.clear_authentication();
update public.enrollments set status = 'removed' where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select results_eq($$select body_md from public.lesson_contents order by body_md$$, array['Content of Welcome'], 'a removed learner is back to previews');
select tests.clear_authentication();
update public.enrollments set status = 'completed', completed_at = now() where user_id = tests.get_user_id('enrolled');
select tests.authenticate_as('enrolled');
select is((select count(*)::int from public.lesson_contents where lesson_id = tests.lesson_id('First steps')), 1, 'a learner who completed the course still reads it');
select tests.authenticate_as('instructor');
select is((select count(*)::int from public.lesson_contents), 4, 'an instructor reads all of their school''s content, drafts and locked lessons included');
select tests.authenticate_as('other_owner');
select results_eq($$select body_md from public.lesson_contents order by body_md$$, array['Content of Beacon lesson', 'Content of Welcome'], 'the owner of another school reads their own content and school A''s previews only');
select is((select count(*)::int from public.lesson_contents where lesson_id = tests.lesson_id('Draft lesson')), 0, 'a preview of a draft course is not public');

-- writing -------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$update public.lesson_contents set body_md = 'x'$$, '42501', null, 'anon cannot edit content');
select tests.authenticate_as('enrolled');
select results_eq($$with changed as (update public.lesson_contents set body_md = 'x' where lesson_id = tests.lesson_id('Welcome') returning 1) select count(*)::int from changed$$, array[0], 'an enrolled learner cannot edit content');
select results_eq($$with gone as (delete from public.lesson_contents where lesson_id = tests.lesson_id('Welcome') returning 1) select count(*)::int from gone$$, array[0], 'an enrolled learner cannot remove content');
select tests.authenticate_as('other_owner');
select results_eq($$with changed as (update public.lesson_contents set body_md = 'x' where lesson_id = tests.lesson_id('Welcome') returning 1) select count(*)::int from changed$$, array[0], 'the owner of another school cannot edit school A''s content');
select tests.authenticate_as('instructor');
select results_eq($$with changed as (update public.lesson_contents set body_md = 'New welcome' where lesson_id = tests.lesson_id('Welcome') returning 1) select count(*)::int from changed$$, array[1], 'an instructor edits content');
select results_eq($$with gone as (delete from public.lesson_contents where lesson_id = tests.lesson_id('Deep dive') returning 1) select count(*)::int from gone$$, array[1], 'an instructor removes content');
select lives_ok($$insert into public.lesson_contents (lesson_id, course_id, body_md) values (tests.lesson_id('Deep dive'), tests.course_id('alpine-basics'), 'Again')$$, 'an instructor adds content');
select throws_ok($$update public.lesson_contents set video_path = 'elsewhere/video.mp4' where lesson_id = tests.lesson_id('Welcome')$$, '23514', null, 'a video outside the lesson''s media folder is refused');
select tests.authenticate_as('other_owner');
select throws_ok($$insert into public.lesson_contents (lesson_id, course_id) values (tests.lesson_id('Draft lesson'), tests.course_id('alpine-draft'))$$, '42501', null, 'the owner of another school cannot add content to school A');
select tests.authenticate_as('learner');
select throws_ok($$insert into public.lesson_contents (lesson_id, course_id) values (tests.lesson_id('Draft lesson'), tests.course_id('alpine-draft'))$$, '42501', null, 'a learner cannot add content');

select * from finish();
rollback;
