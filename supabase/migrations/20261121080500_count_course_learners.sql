-- ============================================================================================================
-- The catalog sorts by popularity: courses.learner_count (active and completed enrollments) is kept by the
-- database, so visitors read a number without reading anyone's enrollment.
-- ============================================================================================================

alter table public.courses add column learner_count integer not null default 0
  constraint courses_learner_count_positive check (learner_count >= 0);

comment on column public.courses.learner_count is
  'Active and completed enrollments, kept by a trigger on enrollments; the catalog''s "popular" sort. Not writable by clients.';

create index courses_popular_idx on public.courses (learner_count desc, published_at desc) where status = 'published';

create function private.count_course_learners()
returns trigger
language plpgsql
-- Definer: enrollments are written by the enroll function and instructors, who may not update this column.
security definer
set search_path = ''
as $$
declare
  counted_before integer := case when tg_op <> 'INSERT' and old.status in ('active', 'completed') then 1 else 0 end;
  counted_after integer := case when tg_op <> 'DELETE' and new.status in ('active', 'completed') then 1 else 0 end;
begin
  if tg_op = 'UPDATE' and old.course_id = new.course_id then
    if counted_after <> counted_before then
      update public.courses set learner_count = learner_count + counted_after - counted_before where id = new.course_id;
    end if;
    return null;
  end if;
  if counted_before = 1 then
    update public.courses set learner_count = learner_count - 1 where id = old.course_id;
  end if;
  if counted_after = 1 then
    update public.courses set learner_count = learner_count + 1 where id = new.course_id;
  end if;
  return null;
end;
$$;

comment on function private.count_course_learners() is 'Trigger: keeps courses.learner_count equal to its active and completed enrollments.';

create trigger enrollments_count_course_learners
  after insert or delete or update of status, course_id on public.enrollments
  for each row execute function private.count_course_learners();

update public.courses c
set learner_count = (
  select count(*) from public.enrollments e where e.course_id = c.id and e.status in ('active', 'completed')
);
