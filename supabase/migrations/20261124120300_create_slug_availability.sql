-- ============================================================================================================
-- Live slug checks for the studio (PRODUCT.md §5: course and school slugs are unique across Summit). A suggested
-- slug must be checked against every course or school, drafts of other schools included, which the caller's
-- policies do not show; these calls answer only whether a slug is free, never whose it is. The unique keys stay
-- the authority (a slug taken between the check and the insert is refused with 23505).
-- ============================================================================================================

create function public.course_slug_available(slug text)
returns boolean
language sql
stable
-- Definer: sees every course, including drafts of other schools, to tell whether the slug is taken.
security definer
set search_path = ''
as $$
  select coalesce(private.is_valid_slug(course_slug_available.slug), false)
    and not exists (select 1 from public.courses c where c.slug = course_slug_available.slug);
$$;

comment on function public.course_slug_available(text) is
  'True when slug is a valid course slug (PRODUCT.md §5) that no course uses yet, drafts included. For the studio''s live check.';

create function public.school_slug_available(slug text)
returns boolean
language sql
stable
-- Definer: sees every school, including those without a published course, to tell whether the slug is taken.
security definer
set search_path = ''
as $$
  select coalesce(private.is_valid_slug(school_slug_available.slug), false)
    and not exists (select 1 from public.schools s where s.slug = school_slug_available.slug);
$$;

comment on function public.school_slug_available(text) is
  'True when slug is a valid school slug (PRODUCT.md §5) that no school uses yet. For the studio''s live check.';

-- Signed-in users only: they are the ones who create courses and schools.
revoke all on function public.course_slug_available(text) from public;
revoke all on function public.school_slug_available(text) from public;
grant execute on function public.course_slug_available(text) to authenticated;
grant execute on function public.school_slug_available(text) to authenticated;
