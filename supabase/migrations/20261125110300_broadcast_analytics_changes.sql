-- ============================================================================================================
-- The analytics page updates live: the database broadcasts "changed" on the private Realtime channel
-- course-analytics:<course_id> whenever a number on the page may have moved, and the page refetches (debounced).
-- Only the course's instructors and the school's owners may join the channel (a policy on realtime.messages
-- asking private.can_view_course_analytics), and the message carries nothing but the course id: the numbers are
-- always read through the checked calls. Sent in the writing transaction, so Realtime delivers it after commit.
-- Position-only saves of a learner who keeps working on the same lesson send nothing: they move no number.
-- ============================================================================================================

create function private.course_analytics_topic(course uuid)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'course-analytics:' || course::text;
$$;

comment on function private.course_analytics_topic(uuid) is 'The private Realtime channel of a course''s analytics page.';

create function private.announce_course_analytics(course uuid)
returns void
language sql
set search_path = ''
as $$
  select realtime.send(jsonb_build_object('course_id', course), 'changed', private.course_analytics_topic(course), true);
$$;

comment on function private.announce_course_analytics(uuid) is
  'Broadcasts "changed" to the course''s analytics channel (never fails: realtime.send only warns).';

revoke execute on function private.announce_course_analytics(uuid) from public, anon, authenticated;

create function private.announce_progress_analytics()
returns trigger
language plpgsql
-- Definer: inserts into realtime.messages, which learners may not write.
security definer
set search_path = ''
as $$
declare
  place record;
begin
  -- Runs before lesson_progress_apply_write (name order), so the enrollment still shows the previous write.
  select e.last_lesson_id, e.last_activity_at into place
  from public.enrollments e where e.course_id = new.course_id and e.user_id = new.user_id;
  if tg_op = 'INSERT'
    or old.status is distinct from new.status
    or place.last_lesson_id is distinct from new.lesson_id
    or place.last_activity_at is null
    or place.last_activity_at < now() - interval '7 days' then
    perform private.announce_course_analytics(new.course_id);
  end if;
  return null;
end;
$$;

comment on function private.announce_progress_analytics() is
  'Trigger: announces a progress write that moves an analytics number (new lesson, completion, untick, another lesson, back from 7 idle days).';

create trigger lesson_progress_analytics_announce
  after insert or update of status, watched_s, position_s on public.lesson_progress
  for each row execute function private.announce_progress_analytics();

create function private.announce_course_row_analytics()
returns trigger
language plpgsql
-- Definer: as private.announce_progress_analytics.
security definer
set search_path = ''
as $$
begin
  perform private.announce_course_analytics(coalesce(new.course_id, old.course_id));
  return null;
end;
$$;

comment on function private.announce_course_row_analytics() is
  'Trigger: announces an enrollment or certificate change (enrolled, completed, removed, moved, certified, revoked).';

create trigger enrollments_analytics_announce
  after insert or delete or update of status, cohort_id on public.enrollments
  for each row execute function private.announce_course_row_analytics();

create trigger certificates_analytics_announce
  after insert or delete or update of revoked_at on public.certificates
  for each row execute function private.announce_course_row_analytics();

-- ------------------------------------------------------------------------------------------------------------
-- Who may listen
-- ------------------------------------------------------------------------------------------------------------

create policy messages_select_course_analytics_viewer on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and split_part((select realtime.topic()), ':', 1) = 'course-analytics'
    and private.can_view_course_analytics(private.uuid_or_null(split_part((select realtime.topic()), ':', 2)))
  );

comment on policy messages_select_course_analytics_viewer on realtime.messages is
  'The course''s instructors and the school''s owners join its private analytics channel (course-analytics:<course_id>) and receive its broadcasts.';
