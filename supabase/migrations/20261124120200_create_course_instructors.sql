-- ============================================================================================================
-- Course instructors: who teaches a course, named under "Taught by" on its page (course_outline's instructors),
-- instead of every member of its school. Only members of the course's school can be assigned (a composite foreign
-- key to school_members, so leaving the school ends the assignments too); the school's owners and instructors
-- manage them. A course starts with its creator assigned; a course created without a user (seed, service role)
-- and every course that exists already start with all members of the school, which is what pages showed so far.
-- ============================================================================================================

-- Target of the composite foreign key below: an assignment's school is its course's school.
alter table public.courses add constraint courses_id_school_id_key unique (id, school_id);

create table public.course_instructors (
  course_id uuid not null,
  school_id uuid not null,
  user_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (course_id, user_id),
  constraint course_instructors_course_fkey foreign key (course_id, school_id)
    references public.courses (id, school_id) on delete cascade,
  constraint course_instructors_member_fkey foreign key (school_id, user_id)
    references public.school_members (school_id, user_id) on delete cascade
);

comment on table public.course_instructors is
  'Who teaches a course (its "Taught by"): members of the course''s school, managed by the school''s owners and instructors.';
comment on column public.course_instructors.school_id is
  'The course''s school, set by the database; with user_id it must be a membership of that school.';

create index course_instructors_course_id_school_id_idx on public.course_instructors (course_id, school_id);
create index course_instructors_school_id_user_id_idx on public.course_instructors (school_id, user_id);

create function private.set_course_instructor_school()
returns trigger
language plpgsql
-- Definer: takes the course's school whatever the caller may read; the insert policy then decides whether the
-- caller may assign anyone to that course.
security definer
set search_path = ''
as $$
begin
  new.school_id := (select c.school_id from public.courses c where c.id = new.course_id);
  return new;
end;
$$;

comment on function private.set_course_instructor_school() is
  'Trigger: course_instructors.school_id is always the course''s school (clients do not send it).';

create trigger course_instructors_set_school
  before insert on public.course_instructors
  for each row execute function private.set_course_instructor_school();

-- ------------------------------------------------------------------------------------------------------------
-- The default assignment
-- ------------------------------------------------------------------------------------------------------------

create function private.assign_course_creator()
returns trigger
language plpgsql
-- Definer: the course's author is assigned by the database, in the same statement that creates the course.
security definer
set search_path = ''
as $$
declare
  creator uuid := (select auth.uid());
begin
  if creator is not null and exists (
    select 1 from public.school_members m where m.school_id = new.school_id and m.user_id = creator
  ) then
    insert into public.course_instructors (course_id, user_id) values (new.id, creator);
  else
    insert into public.course_instructors (course_id, user_id)
    select new.id, m.user_id from public.school_members m where m.school_id = new.school_id;
  end if;
  return null;
end;
$$;

comment on function private.assign_course_creator() is
  'Trigger: assigns a new course''s creator as its instructor; without a user (seed, service role), every member of the school.';

create trigger courses_assign_creator
  after insert on public.courses
  for each row execute function private.assign_course_creator();

insert into public.course_instructors (course_id, user_id)
select c.id, m.user_id from public.courses c join public.school_members m on m.school_id = c.school_id;

-- ------------------------------------------------------------------------------------------------------------
-- Grants and row-level security
-- ------------------------------------------------------------------------------------------------------------

alter table public.course_instructors enable row level security;

-- Assignments are added and removed, never edited.
revoke all on public.course_instructors from anon, authenticated;
grant select, delete on public.course_instructors to authenticated;
grant insert (course_id, user_id) on public.course_instructors to authenticated;

create policy course_instructors_select_member on public.course_instructors
  for select to authenticated
  using (private.is_course_member(course_id));
comment on policy course_instructors_select_member on public.course_instructors is
  'Members of the course''s school see who teaches it (course pages name them through course_outline).';

create policy course_instructors_insert_member on public.course_instructors
  for insert to authenticated
  with check (private.is_course_member(course_id));
comment on policy course_instructors_insert_member on public.course_instructors is
  'Owners and instructors of the course''s school assign its instructors (members of the school only, by foreign key).';

create policy course_instructors_delete_member on public.course_instructors
  for delete to authenticated
  using (private.is_course_member(course_id));
comment on policy course_instructors_delete_member on public.course_instructors is
  'Owners and instructors of the course''s school unassign its instructors.';

-- ------------------------------------------------------------------------------------------------------------
-- "Taught by": the course's instructors
-- ------------------------------------------------------------------------------------------------------------

create or replace function private.course_staff(target_course uuid)
returns jsonb
language sql
stable
-- Definer: course pages name the course's instructors, whose profiles are otherwise private to their school.
-- Only names, avatars and school roles, and only for courses that are out of draft or that the caller is a member of.
security definer
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object('display_name', p.display_name, 'avatar_path', p.avatar_path, 'role', m.role)
      order by m.role, p.display_name
    ),
    '[]'::jsonb
  )
  from public.courses c
  join public.course_instructors i on i.course_id = c.id
  join public.school_members m on m.school_id = i.school_id and m.user_id = i.user_id
  join public.profiles p on p.id = i.user_id
  where c.id = target_course and (c.status <> 'draft' or private.is_course_member(c.id));
$$;

comment on function private.course_staff(uuid) is
  'Display names, avatars and school roles of a course''s instructors (course_instructors), for its course page.';
