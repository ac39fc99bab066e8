-- course-media keeps to its bucket's allowed types on every upload path: the row Storage writes for a finished upload
-- carries the stored type, and one the bucket does not allow (application/octet-stream, what a resumable upload
-- without a contentType is stored as) is refused to members, on insert and on replace; Storage's permission probe,
-- which carries no metadata, still passes.
begin;
select plan(7);

select tests.create_course_fixture();
create temporary table media_folder on commit drop as
  select tests.course_id('alpine-basics') || '/' || tests.lesson_id('Welcome') || '/' as folder;
grant select on media_folder to authenticated;

select tests.authenticate_as('instructor');
select lives_ok(
  $$insert into storage.objects (bucket_id, name, metadata)
    select 'course-media', folder || 'video.webm', '{"mimetype": "video/webm", "size": 10}' from media_folder$$,
  'a member''s upload of an allowed type is stored'
);
select throws_ok(
  $$insert into storage.objects (bucket_id, name, metadata)
    select 'course-media', folder || 'untyped.bin', '{"mimetype": "application/octet-stream", "size": 10}' from media_folder$$,
  '42501', null, 'an upload stored as application/octet-stream (a TUS upload without a contentType) is refused'
);
select throws_ok(
  $$insert into storage.objects (bucket_id, name, metadata)
    select 'course-media', folder || 'page.html', '{"mimetype": "text/html", "size": 10}' from media_folder$$,
  '42501', null, 'so is any other type the bucket does not list'
);
select lives_ok(
  $$insert into storage.objects (bucket_id, name) select 'course-media', folder || 'probe.webm' from media_folder$$,
  'Storage''s permission probe (no metadata yet) passes'
);
select throws_ok(
  $$update storage.objects set metadata = '{"mimetype": "application/octet-stream"}'
    where bucket_id = 'course-media' and name like '%/video.webm'$$,
  '42501', null, 'replacing media with a type the bucket does not allow is refused'
);
select lives_ok(
  $$update storage.objects set metadata = '{"mimetype": "video/mp4"}'
    where bucket_id = 'course-media' and name like '%/video.webm'$$,
  'replacing it with an allowed type works'
);

select tests.clear_authentication();
select is(private.is_course_media_type('text/vtt'), true, 'the types come from the bucket''s own list');

select * from finish();
rollback;
