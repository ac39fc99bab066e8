-- ============================================================================================================
-- The public buckets hold images only, by policy. An enrolled learner could copy a lesson video from course-media
-- into avatars/<own id>/ and anyone could then download it from the public URL. Whatever a storage server does
-- about the destination bucket's type rules on copy and move, the avatars and course-covers policies now admit
-- only image objects, so no path can turn a public bucket into a mirror of paid media:
--   * the name must end in an image extension. Storage API checks insert permission before it knows the content
--     type (its RLS probe carries only the name), so the name is the check that always applies;
--   * when the row carries a content type (metadata.mimetype: on copy, move and every later update), it must be
--     one of the image types config.toml allows for these buckets (no SVG: it can carry scripts).
-- ============================================================================================================

create function private.is_image_object(object_name text, object_metadata jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select
    lower(substring(object_name from '\.([^./]+)$')) in ('png', 'jpg', 'jpeg', 'webp', 'avif', 'gif')
    and coalesce(
      btrim(split_part(lower(object_metadata ->> 'mimetype'), ';', 1))
        in ('image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'),
      true
    );
$$;

comment on function private.is_image_object(text, jsonb) is
  'True when a storage object is named as an image (png, jpg, jpeg, webp, avif, gif) and its content type, when known, is one.';

grant execute on function private.is_image_object(text, jsonb) to authenticated, service_role;

alter policy course_covers_insert_member on storage.objects
  with check (
    bucket_id = 'course-covers' and private.is_course_folder_member(name) and private.is_image_object(name, metadata)
  );
comment on policy course_covers_insert_member on storage.objects is
  'Members of a course''s school upload its cover (an image) under {course_id}/.';

alter policy course_covers_update_member on storage.objects
  with check (
    bucket_id = 'course-covers' and private.is_course_folder_member(name) and private.is_image_object(name, metadata)
  );
comment on policy course_covers_update_member on storage.objects is
  'Members of a course''s school replace its cover, with an image.';

alter policy avatars_insert_owner on storage.objects
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and private.is_image_object(name, metadata)
  );
comment on policy avatars_insert_owner on storage.objects is 'Users upload avatars (images) under their own {user_id}/ folder.';

alter policy avatars_update_owner on storage.objects
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and private.is_image_object(name, metadata)
  );
comment on policy avatars_update_owner on storage.objects is 'Users replace their own avatars, with images.';
