-- Demo certificate (PRODUCT.md §10): Marco Rossi finished Web Accessibility Basics (certificates on) in seed.sql,
-- and the database issued his certificate as his enrollment completed. Seeding writes his progress rows in one
-- statement, so the issue moment is whichever of his completions the trigger saw first; here it is set to the
-- enrollment's completion, and the code to a fixed one so the README can link the demo: /c/WABDEMQ7K2.
update public.certificates c
set issued_at = e.completed_at,
    snapshot = c.snapshot || jsonb_build_object('completed_at', e.completed_at),
    code = 'WABDEMQ7K2'
from public.enrollments e
where e.user_id = c.user_id and e.course_id = c.course_id
  and c.user_id = 'a0000000-0000-4000-8000-000000000005'
  and c.course_id = 'c0000000-0000-4000-8000-000000000001';

do $$
begin
  if not exists (select 1 from public.certificates where code = 'WABDEMQ7K2') then
    raise exception 'seeds/certificates.sql: Marco''s certificate for Web Accessibility Basics was not issued';
  end if;
end;
$$;
