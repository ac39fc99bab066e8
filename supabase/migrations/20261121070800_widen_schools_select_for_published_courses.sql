-- ============================================================================================================
-- Course pages show their school: a school with a published course is readable by everyone, signed in or not.
-- Replaces schools_select_member (members only) with one select policy per role.
-- ============================================================================================================

-- Visitors read only what a course page shows (who created the school and when stay members-only).
grant select (id, slug, name) on public.schools to anon;

drop policy schools_select_member on public.schools;

create policy schools_select_authenticated on public.schools
  for select to authenticated
  using (
    private.is_school_member(id)
    or exists (select 1 from public.courses c where c.school_id = schools.id and c.status = 'published')
  );
comment on policy schools_select_authenticated on public.schools is
  'Members see their schools; every signed-in user sees schools with a published course.';

create policy schools_select_anon on public.schools
  for select to anon
  using (exists (select 1 from public.courses c where c.school_id = schools.id and c.status = 'published'));
comment on policy schools_select_anon on public.schools is 'Visitors see schools with a published course (name and slug only).';
