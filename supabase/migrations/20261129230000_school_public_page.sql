-- ============================================================================================================
-- The school's face: a public page at /schools/<slug> with a logo, an accent colour and a markdown "about".
--   * schools gain logo_path (an image in the public course-covers bucket under schools/{school_id}/),
--     accent_color (#rrggbb) and about_md (at most 5,000 characters). Owners edit them (schools_update_owner);
--     everyone who reads the row reads them (visitors: schools with a published course), like slug and name.
--   * The accent colour must be readable: a contrast of at least 4.5:1 (WCAG AA for text) against white, and then
--     white text is set on it, or against Summit's dark text (#0f172a), and then dark text is set on it. The
--     sentences live once, in private.accent_color_problem and private.school_about_problem; the studio form
--     shows the same ones (web/src/features/schools/lib/accent.ts), and a refused write answers them as
--     validation_failed (422) with a fields map.
--   * public.school_page(slug): the page in one call — the school's public fields and the instructors of its
--     published catalog courses (names and avatars a course page already shows); school_not_found (404) otherwise.
-- ============================================================================================================

-- ------------------------------------------------------------------------------------------------------------
-- Colour rules
-- ------------------------------------------------------------------------------------------------------------

create function private.relative_luminance(color text)
returns double precision
language sql
immutable
strict
set search_path = ''
as $$
  -- WCAG 2.x relative luminance of an sRGB colour written #rrggbb.
  select 0.2126 * c[1] + 0.7152 * c[2] + 0.0722 * c[3]
  from (
    select array(
      select case when v <= 0.04045 then v / 12.92 else power((v + 0.055) / 1.055, 2.4) end
      from (
        select i, ('x' || substr(color, 2 + 2 * i, 2))::bit(8)::integer / 255.0::double precision as v
        from generate_series(0, 2) as i
      ) channels
      order by i
    ) as c
  ) rgb;
$$;

comment on function private.relative_luminance(text) is 'WCAG 2.x relative luminance (0 black to 1 white) of a #rrggbb colour.';

create function private.accent_text_color(color text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- No colour passes both (4.5:1 against white needs luminance <= 0.183, against #0f172a >= 0.21).
  select case
    when color is null or color !~ '^#[0-9a-f]{6}$' then null
    when 1.05 / (private.relative_luminance(color) + 0.05) >= 4.5 then 'white'
    when (private.relative_luminance(color) + 0.05) / (private.relative_luminance('#0f172a') + 0.05) >= 4.5 then 'dark'
  end;
$$;

comment on function private.accent_text_color(text) is
  'The text set on an accent colour: white (>= 4.5:1 against white), dark (#0f172a, >= 4.5:1 against it), or null when neither reads.';

create function private.accent_color_problem(color text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when color is null then null
    when color !~ '^#[0-9a-f]{6}$' then 'Enter the colour as a hex code such as #0f766e.'
    when private.accent_text_color(color) is null then
      'Choose a colour with at least 4.5:1 contrast against white or against dark text: this one is hard to read with either.'
  end;
$$;

comment on function private.accent_color_problem(text) is
  'Why a school''s accent colour is refused (the sentence the studio form shows), or null when it is fine.';

create function private.school_about_problem(about text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when char_length(about) > 5000 then 'The about text can be at most 5,000 characters.' end;
$$;

comment on function private.school_about_problem(text) is
  'Why a school''s about text is refused (the sentence the studio form shows), or null when it is fine.';

grant execute on function private.relative_luminance(text) to anon, authenticated, service_role;
grant execute on function private.accent_text_color(text) to anon, authenticated, service_role;
grant execute on function private.accent_color_problem(text) to anon, authenticated, service_role;
grant execute on function private.school_about_problem(text) to anon, authenticated, service_role;

-- ------------------------------------------------------------------------------------------------------------
-- Columns
-- ------------------------------------------------------------------------------------------------------------

alter table public.schools
  add column logo_path text,
  add column accent_color text,
  add column about_md text not null default '',
  add constraint schools_accent_color_readable check (private.accent_color_problem(accent_color) is null),
  add constraint schools_about_md_length check (private.school_about_problem(about_md) is null),
  add constraint schools_logo_path_owned check (
    logo_path is null or logo_path ~ ('^schools/' || id::text || '/[A-Za-z0-9._-]+\.(png|jpe?g|webp|avif|gif)$')
  );

comment on column public.schools.logo_path is
  'The logo: an image in the public course-covers bucket under schools/{school_id}/ (square, cropped in the studio).';
comment on column public.schools.accent_color is
  '#rrggbb with at least 4.5:1 contrast against white (white text is set on it) or against #0f172a (dark text is).';
comment on column public.schools.about_md is 'Markdown shown on the school''s public page; at most 5,000 characters.';

-- The same sentences for a write through the Data API, as validation_failed with a fields map (the constraints
-- above stay the rule for every writer; this trigger only words the refusal).
create function private.check_school_page()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  fields jsonb := jsonb_strip_nulls(jsonb_build_object(
    'accent_color', private.accent_color_problem(new.accent_color),
    'about_md', private.school_about_problem(new.about_md)
  ));
begin
  if fields <> '{}'::jsonb then
    perform private.raise_api_error(
      'validation_failed',
      (select string_agg(v, ' ') from jsonb_each_text(fields) as f(k, v)),
      422,
      jsonb_build_object('fields', fields)
    );
  end if;
  return new;
end;
$$;

comment on function private.check_school_page() is
  'Trigger: refuses an unreadable accent colour or a too long about text with validation_failed (422) and the form''s sentences.';

create trigger schools_check_page
  before insert or update of accent_color, about_md on public.schools
  for each row execute function private.check_school_page();

grant select (logo_path, accent_color, about_md) on public.schools to anon, authenticated;
grant update (logo_path, accent_color, about_md) on public.schools to authenticated;

comment on policy schools_update_owner on public.schools is
  'Owners rename a school, change its slug, and edit its public page (logo, accent colour, about).';

-- ------------------------------------------------------------------------------------------------------------
-- The public page in one call
-- ------------------------------------------------------------------------------------------------------------

create function private.school_staff(target_school uuid)
returns jsonb
language sql
stable
-- Definer: visitors cannot read profiles or course_instructors; this answers only the names and avatars that the
-- school's published catalog course pages already show (course_outline's instructors).
security definer
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object('display_name', s.display_name, 'avatar_path', s.avatar_path, 'role', s.role)
      order by s.role, lower(s.display_name), s.user_id
    ),
    '[]'::jsonb
  )
  from (
    select distinct p.id as user_id, p.display_name, p.avatar_path, m.role
    from public.courses c
    join public.course_instructors i on i.course_id = c.id
    join public.school_members m on m.school_id = i.school_id and m.user_id = i.user_id
    join public.profiles p on p.id = i.user_id
    where c.school_id = target_school and c.status = 'published' and c.visibility = 'public'
  ) s;
$$;

comment on function private.school_staff(uuid) is
  'Display names, avatars and roles of the people who teach a school''s published catalog courses, for its public page.';

revoke all on function private.school_staff(uuid) from public;
grant execute on function private.school_staff(uuid) to anon, authenticated, service_role;

create function public.school_page(slug text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  target record;
  owner boolean := false;
begin
  -- As the caller: visitors find schools with a published course, members their own (row-level security).
  select s.id, s.slug, s.name, s.logo_path, s.accent_color, s.about_md into target
  from public.schools s where s.slug = school_page.slug;
  if not found then
    perform private.raise_api_error(
      'school_not_found', 'This school does not exist or has no published course yet.', 404
    );
  end if;
  -- Visitors have no right to the membership helper: asked only for a signed-in caller.
  if (select auth.uid()) is not null then
    owner := private.is_school_owner(target.id);
  end if;
  return jsonb_build_object(
    'id', target.id, 'slug', target.slug, 'name', target.name, 'logo_path', target.logo_path,
    'accent_color', target.accent_color, 'accent_text', private.accent_text_color(target.accent_color),
    'about_md', target.about_md,
    'instructors', private.school_staff(target.id),
    'viewer', jsonb_build_object('is_owner', owner)
  );
end;
$$;

comment on function public.school_page(slug text) is
  'The public school page in one call: id, slug, name, logo_path, accent_color, accent_text (white|dark: the text set on the accent), about_md, instructors [{display_name, avatar_path, role}] of its published catalog courses, viewer.is_owner. Errors: school_not_found 404 (unknown, or not visible to the caller).';

revoke all on function public.school_page(text) from public;
grant execute on function public.school_page(text) to anon, authenticated, service_role;
