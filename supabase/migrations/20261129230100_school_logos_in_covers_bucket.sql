-- ============================================================================================================
-- School logos live in the public course-covers bucket under schools/{school_id}/, beside the course covers
-- (same image types and 5 MiB limit, same public URLs). The school's owners write there; course folders stay
-- for the course's school members. Each policy keeps its image-only check (20261124100300).
-- ============================================================================================================

create function private.is_school_logo_folder_owner(object_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select (storage.foldername(object_name))[1] = 'schools'
    and private.is_school_owner(private.uuid_or_null((storage.foldername(object_name))[2]));
$$;

comment on function private.is_school_logo_folder_owner(text) is
  'True when an object path starts with schools/{school_id}/ of a school the requesting user owns (logo writes).';

revoke all on function private.is_school_logo_folder_owner(text) from public;
grant execute on function private.is_school_logo_folder_owner(text) to authenticated, service_role;

alter policy course_covers_insert_member on storage.objects
  with check (
    bucket_id = 'course-covers'
    and (private.is_course_folder_member(name) or private.is_school_logo_folder_owner(name))
    and private.is_image_object(name, metadata)
  );
comment on policy course_covers_insert_member on storage.objects is
  'Members of a course''s school upload its cover (an image) under {course_id}/; owners of a school its logo under schools/{school_id}/.';

alter policy course_covers_update_member on storage.objects
  using (
    bucket_id = 'course-covers'
    and (private.is_course_folder_member(name) or private.is_school_logo_folder_owner(name))
  )
  with check (
    bucket_id = 'course-covers'
    and (private.is_course_folder_member(name) or private.is_school_logo_folder_owner(name))
    and private.is_image_object(name, metadata)
  );
comment on policy course_covers_update_member on storage.objects is
  'Members of a course''s school replace its cover, and owners of a school its logo, with an image.';

alter policy course_covers_delete_member on storage.objects
  using (
    bucket_id = 'course-covers'
    and (private.is_course_folder_member(name) or private.is_school_logo_folder_owner(name))
  );
comment on policy course_covers_delete_member on storage.objects is
  'Members of a course''s school remove its cover; owners of a school its logo.';
