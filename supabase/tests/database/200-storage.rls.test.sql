-- Storage policies: course covers, course media (like lesson_contents), avatars, certificates.
begin;
select plan(21);

select tests.create_course_fixture();

-- Media for three lessons of alpine-basics: a preview (Welcome), one behind the sequence (First steps), one behind
-- its release date (Deep dive); a cover, and an avatar of the learner.
insert into storage.objects (bucket_id, name)
select 'course-media', course_id || '/' || id || '/video.webm' from public.lessons where course_id = tests.course_id('alpine-basics');
insert into storage.objects (bucket_id, name) values
  ('course-covers', tests.course_id('alpine-basics') || '/cover.png'),
  ('avatars', tests.get_user_id('learner') || '/me.png');

create temporary view media_lessons with (security_invoker = true) as
  select l.title from storage.objects o join public.lessons l on l.id::text = (storage.foldername(o.name))[2]
  where o.bucket_id = 'course-media';
grant select on media_lessons to anon, authenticated;

-- course-media: reading -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select results_eq('select title from media_lessons order by title', array['Welcome'], 'visitors read the media of preview lessons only');
select tests.authenticate_as('learner');
select results_eq('select title from media_lessons order by title', array['Welcome'], 'a learner not enrolled reads preview media only');
select tests.authenticate_as('enrolled');
select results_eq('select title from media_lessons order by title', array['Welcome'], 'an enrolled learner does not read locked media');
select isnt(public.save_progress(tests.lesson_id('Welcome'), 0, 0, true), null, 'the learner completes the first lesson');
select results_eq('select title from media_lessons order by title', array['First steps', 'Welcome'], 'media opens with the lesson');
select tests.authenticate_as('instructor');
select results_eq('select title from media_lessons order by title', array['Deep dive', 'First steps', 'Welcome'], 'members read every media of their courses');
select tests.authenticate_as('other_owner');
select results_eq('select title from media_lessons order by title', array['Welcome'], 'another school reads only previews');

-- course-media: writing -------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select lives_ok(
  format($$insert into storage.objects (bucket_id, name) values ('course-media', '%s/%s/captions.vtt')$$, tests.course_id('alpine-basics'), tests.lesson_id('Welcome')),
  'a member uploads media under a lesson of their course'
);
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('course-media', '%s/loose.webm')$$, tests.course_id('alpine-basics')),
  '42501', null, 'media must sit under a lesson''s folder'
);
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('course-media', '%s/%s/x.webm')$$, tests.course_id('alpine-basics'), tests.lesson_id('Beacon lesson')),
  '42501', null, 'the lesson must belong to the course of the folder'
);
select tests.authenticate_as('enrolled');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('course-media', '%s/%s/mine.webm')$$, tests.course_id('alpine-basics'), tests.lesson_id('Welcome')),
  '42501', null, 'learners cannot upload course media'
);
select tests.authenticate_as('other_owner');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('course-media', '%s/%s/x.webm')$$, tests.course_id('alpine-basics'), tests.lesson_id('Welcome')),
  '42501', null, 'another school cannot upload into the course'
);

-- course-covers ---------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select results_eq($$select count(*)::int from storage.objects where bucket_id = 'course-covers'$$, array[1], 'covers are public');
select tests.authenticate_as('owner');
select lives_ok(format($$insert into storage.objects (bucket_id, name) values ('course-covers', '%s/new.png')$$, tests.course_id('alpine-draft')), 'the owner uploads a cover for a draft');
select tests.authenticate_as('learner');
select throws_ok(format($$insert into storage.objects (bucket_id, name) values ('course-covers', '%s/x.png')$$, tests.course_id('alpine-basics')), '42501', null, 'learners cannot upload covers');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('course-covers', 'not-a-uuid/x.png')$$, '42501', null, 'a folder that is not a course is refused, not an error');

-- avatars ---------------------------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select lives_ok(format($$insert into storage.objects (bucket_id, name) values ('avatars', '%s/new.png')$$, tests.get_user_id('learner')), 'a user uploads under their own folder');
select throws_ok(format($$insert into storage.objects (bucket_id, name) values ('avatars', '%s/x.png')$$, tests.get_user_id('enrolled')), '42501', null, 'nobody uploads into another user''s folder');
select results_eq(
  format($$with changed as (update storage.objects set metadata = '{}' where bucket_id = 'avatars' and name like '%s/%%' returning 1) select count(*)::int from changed$$, tests.get_user_id('learner')),
  array[2], 'a user replaces their own avatars'
);

-- certificates ----------------------------------------------------------------------------------------------------
select throws_ok(format($$insert into storage.objects (bucket_id, name) values ('certificates', '%s/c.pdf')$$, tests.get_user_id('learner')), '42501', null, 'clients cannot write certificates');
select tests.authenticate_as_anon();
select results_eq($$select count(*)::int from storage.objects where bucket_id = 'avatars'$$, array[2], 'avatars are public');

select * from finish();
rollback;
