-- ============================================================================================================
-- Publishing stamps published_at: the first time a course leaves draft, the database records when, so authors
-- (and the catalog's "newest" sort) never depend on a client remembering to send it.
-- ============================================================================================================

create function private.stamp_published_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status <> 'draft' and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;

comment on function private.stamp_published_at() is
  'Trigger: sets courses.published_at when a course is first published (kept when it is unpublished or archived).';

create trigger courses_stamp_published_at
  before insert or update of status on public.courses
  for each row execute function private.stamp_published_at();
