-- ============================================================================================================
-- course-media accepts only the types its bucket allows, whichever way a file arrives. Storage checks the bucket's
-- allowed_mime_types on a plain upload (415 when the type is missing or not allowed, an absent Content-Type being
-- application/octet-stream), but a resumable (TUS) upload is checked only when its metadata names a contentType:
-- without one the object lands as application/octet-stream past the bucket's list (storage-api's onCreate, v1.60 to
-- today). Storage is not ours to change, so the rule lives here: the row Storage writes carries the type it stored
-- (metadata.mimetype), and the member policies refuse one the bucket does not allow. Storage's permission probe
-- before an upload carries no metadata at all, so a row without a type passes and the finished upload decides.
-- ============================================================================================================

create function private.is_course_media_type(mimetype text)
returns boolean
language sql
stable
-- Definer: reads the bucket's settings (storage.buckets), which members' policies do not show them.
security definer
set search_path = ''
as $$
  select mimetype is null or exists (
    select 1 from storage.buckets b
    where b.id = 'course-media'
      and (
        b.allowed_mime_types is null
        or cardinality(b.allowed_mime_types) = 0
        or mimetype = any (b.allowed_mime_types)
        or split_part(mimetype, '/', 1) || '/*' = any (b.allowed_mime_types)
      )
  );
$$;

comment on function private.is_course_media_type(text) is
  'True when a course-media object''s stored type is one the bucket allows (or not known yet: Storage''s permission probe).';

revoke all on function private.is_course_media_type(text) from public;
grant execute on function private.is_course_media_type(text) to authenticated, service_role;

alter policy course_media_insert_member on storage.objects
  with check (
    bucket_id = 'course-media'
    and private.is_course_folder_member(name)
    and private.is_course_lesson_folder(name)
    and private.is_course_media_type(metadata ->> 'mimetype')
  );
comment on policy course_media_insert_member on storage.objects is
  'Members of a course''s school upload media of an allowed type under {course_id}/{lesson_id}/ of one of its lessons.';

alter policy course_media_update_member on storage.objects
  using (bucket_id = 'course-media' and private.is_course_folder_member(name))
  with check (
    bucket_id = 'course-media'
    and private.is_course_folder_member(name)
    and private.is_course_lesson_folder(name)
    and private.is_course_media_type(metadata ->> 'mimetype')
  );
comment on policy course_media_update_member on storage.objects is
  'Members of a course''s school replace its media, with a type the bucket allows.';
