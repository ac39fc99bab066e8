-- ============================================================================================================
-- Storage policies for the buckets of PRODUCT.md §3 (the buckets themselves come from config.toml):
--   course-covers  public read; the course's school members write under {course_id}/
--   course-media   private; read like lesson_contents (members, enrolled learners for available lessons,
--                  anyone for preview lessons of published courses); members write under {course_id}/{lesson_id}/
--   avatars        public read; each user writes under {user_id}/
--   certificates   no client policies: written and signed by the service role only
-- ============================================================================================================

create function private.uuid_or_null(value text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then value::uuid
  end;
$$;

comment on function private.uuid_or_null(text) is 'The text as a uuid, or null when it is not one (object path folders are user input).';

grant execute on function private.uuid_or_null(text) to anon, authenticated, service_role;

create function private.is_course_folder_member(object_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.is_course_member(private.uuid_or_null((storage.foldername(object_name))[1]));
$$;

comment on function private.is_course_folder_member(text) is
  'True when an object path starts with {course_id}/ of a course of the requesting user''s school (covers and media writes).';

grant execute on function private.is_course_folder_member(text) to authenticated, service_role;

create function private.is_course_lesson_folder(object_name text)
returns boolean
language sql
stable
-- Definer: checks that {course_id}/{lesson_id}/ names a lesson of that course, whatever the caller may read.
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.lessons l
    where l.course_id = private.uuid_or_null((storage.foldername(object_name))[1])
      and l.id = private.uuid_or_null((storage.foldername(object_name))[2])
  );
$$;

comment on function private.is_course_lesson_folder(text) is 'True when an object path starts with {course_id}/{lesson_id}/ of one lesson.';

grant execute on function private.is_course_lesson_folder(text) to authenticated, service_role;

create function private.can_read_course_media(object_name text)
returns boolean
language sql
stable
-- Definer: the lesson_contents rule (PRODUCT.md §6) for media objects — a member of the course's school, an
-- enrolled learner for a lesson that is not locked, or anyone for a preview lesson of a published course.
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.lessons l
    join public.courses c on c.id = l.course_id
    where l.course_id = private.uuid_or_null((storage.foldername(object_name))[1])
      and l.id = private.uuid_or_null((storage.foldername(object_name))[2])
      and (
        (l.is_preview and c.status = 'published')
        or private.is_course_member(c.id)
        or private.is_lesson_unlocked(l.id)
      )
  );
$$;

comment on function private.can_read_course_media(text) is
  'True when the requesting user may read a course-media object: same rule as lesson_contents.';

grant execute on function private.can_read_course_media(text) to anon, authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- course-covers
-- ------------------------------------------------------------------------------------------------------------

create policy course_covers_select_anon on storage.objects
  for select to anon
  using (bucket_id = 'course-covers');
comment on policy course_covers_select_anon on storage.objects is 'Covers are public: anyone lists and reads them.';

create policy course_covers_select_authenticated on storage.objects
  for select to authenticated
  using (bucket_id = 'course-covers');
comment on policy course_covers_select_authenticated on storage.objects is 'Covers are public: anyone lists and reads them.';

create policy course_covers_insert_member on storage.objects
  for insert to authenticated
  with check (bucket_id = 'course-covers' and private.is_course_folder_member(name));
comment on policy course_covers_insert_member on storage.objects is 'Members of a course''s school upload its cover under {course_id}/.';

create policy course_covers_update_member on storage.objects
  for update to authenticated
  using (bucket_id = 'course-covers' and private.is_course_folder_member(name))
  with check (bucket_id = 'course-covers' and private.is_course_folder_member(name));
comment on policy course_covers_update_member on storage.objects is 'Members of a course''s school replace its cover.';

create policy course_covers_delete_member on storage.objects
  for delete to authenticated
  using (bucket_id = 'course-covers' and private.is_course_folder_member(name));
comment on policy course_covers_delete_member on storage.objects is 'Members of a course''s school remove its cover.';

-- ------------------------------------------------------------------------------------------------------------
-- course-media
-- ------------------------------------------------------------------------------------------------------------

create policy course_media_select_anon on storage.objects
  for select to anon
  using (bucket_id = 'course-media' and private.can_read_course_media(name));
comment on policy course_media_select_anon on storage.objects is 'Visitors read the media of preview lessons of published courses.';

create policy course_media_select_authenticated on storage.objects
  for select to authenticated
  using (bucket_id = 'course-media' and private.can_read_course_media(name));
comment on policy course_media_select_authenticated on storage.objects is
  'Members read all media of their courses; enrolled learners the media of lessons they may open; everyone previews.';

create policy course_media_insert_member on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'course-media'
    and private.is_course_folder_member(name)
    and private.is_course_lesson_folder(name)
  );
comment on policy course_media_insert_member on storage.objects is
  'Members of a course''s school upload media under {course_id}/{lesson_id}/ of one of its lessons.';

create policy course_media_update_member on storage.objects
  for update to authenticated
  using (bucket_id = 'course-media' and private.is_course_folder_member(name))
  with check (
    bucket_id = 'course-media'
    and private.is_course_folder_member(name)
    and private.is_course_lesson_folder(name)
  );
comment on policy course_media_update_member on storage.objects is 'Members of a course''s school replace its media.';

create policy course_media_delete_member on storage.objects
  for delete to authenticated
  using (bucket_id = 'course-media' and private.is_course_folder_member(name));
comment on policy course_media_delete_member on storage.objects is 'Members of a course''s school remove its media.';

-- ------------------------------------------------------------------------------------------------------------
-- avatars
-- ------------------------------------------------------------------------------------------------------------

create policy avatars_select_anon on storage.objects
  for select to anon
  using (bucket_id = 'avatars');
comment on policy avatars_select_anon on storage.objects is 'Avatars are public.';

create policy avatars_select_authenticated on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars');
comment on policy avatars_select_authenticated on storage.objects is 'Avatars are public.';

create policy avatars_insert_owner on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_insert_owner on storage.objects is 'Users upload avatars under their own {user_id}/ folder.';

create policy avatars_update_owner on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_update_owner on storage.objects is 'Users replace their own avatars.';

create policy avatars_delete_owner on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_delete_owner on storage.objects is 'Users remove their own avatars.';
