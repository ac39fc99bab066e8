-- The public buckets (avatars, course-covers) hold images only, by policy: an object must be named as an image and,
-- when its content type is known, be one. So no copy, move or upload path of any stack can turn them into a public
-- mirror of a course's private media (the course-media -> avatars copy attack).
begin;
select plan(14);

select tests.create_course_fixture();
-- The buckets come from config.toml; a bare database (pg_prove on a fresh scratch database) gets them here.
insert into storage.buckets (id, name, public)
values ('avatars', 'avatars', true), ('course-covers', 'course-covers', true), ('course-media', 'course-media', false)
on conflict (id) do nothing;
select tests.authenticate_as('enrolled');

-- avatars: the copy attack and its variants ------------------------------------------------------------------------
select throws_ok(
  format($$insert into storage.objects (bucket_id, name, metadata) values ('avatars', '%s/copied.webm', '{"mimetype": "video/webm"}')$$, auth.uid()),
  '42501', null, 'a lesson video copied into the learner''s avatar folder is refused'
);
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('avatars', '%s/copied.webm')$$, auth.uid()),
  '42501', null, 'a video name is refused before its type is known (Storage API checks the name first)'
);
select throws_ok(
  format($$insert into storage.objects (bucket_id, name, metadata) values ('avatars', '%s/copied.png', '{"mimetype": "video/webm"}')$$, auth.uid()),
  '42501', null, 'a video renamed .png is refused by its content type'
);
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('avatars', '%s/vector.svg')$$, auth.uid()),
  '42501', null, 'SVG (scriptable) is not an avatar'
);
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('avatars', '%s/no-extension')$$, auth.uid()),
  '42501', null, 'a name without an image extension is refused'
);
select lives_ok(
  format($$insert into storage.objects (bucket_id, name, metadata) values ('avatars', '%s/me.png', '{"mimetype": "image/png"}')$$, auth.uid()),
  'a PNG avatar is accepted'
);
select lives_ok(
  format($$insert into storage.objects (bucket_id, name) values ('avatars', '%s/Holiday.JPEG')$$, auth.uid()),
  'an image name is accepted while the type is not known yet, whatever its case'
);
select throws_ok(
  format($$update storage.objects set name = '%s/me.webm' where bucket_id = 'avatars' and name = '%s/me.png'$$, auth.uid(), auth.uid()),
  '42501', null, 'an avatar cannot be renamed (moved) to a video name'
);
select throws_ok(
  format($$update storage.objects set metadata = '{"mimetype": "video/mp4"}' where bucket_id = 'avatars' and name = '%s/me.png'$$, auth.uid()),
  '42501', null, 'nor retyped as a video'
);

-- course-covers --------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name, metadata) values ('course-covers', '%s/trailer.webm', '{"mimetype": "video/webm"}')$$, tests.course_id('alpine-basics')),
  '42501', null, 'a member cannot put a video among the public covers'
);
select throws_ok(
  format($$insert into storage.objects (bucket_id, name, metadata) values ('course-covers', '%s/cover.webp', '{"mimetype": "application/pdf"}')$$, tests.course_id('alpine-basics')),
  '42501', null, 'nor a PDF named as an image'
);
select lives_ok(
  format($$insert into storage.objects (bucket_id, name, metadata) values ('course-covers', '%s/cover.webp', '{"mimetype": "image/webp"}')$$, tests.course_id('alpine-basics')),
  'a WebP cover is accepted'
);
select throws_ok(
  format($$update storage.objects set name = '%s/cover.mp4' where bucket_id = 'course-covers' and name = '%s/cover.webp'$$, tests.course_id('alpine-basics'), tests.course_id('alpine-basics')),
  '42501', null, 'a cover cannot be renamed to a video'
);

-- course-media keeps its videos ------------------------------------------------------------------------------------
select lives_ok(
  format($$insert into storage.objects (bucket_id, name, metadata) values ('course-media', '%s/%s/video.webm', '{"mimetype": "video/webm"}')$$, tests.course_id('alpine-basics'), tests.lesson_id('Welcome')),
  'videos still go to the private course-media bucket'
);

select * from finish();
rollback;
