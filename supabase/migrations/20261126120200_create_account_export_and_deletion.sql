-- ============================================================================================================
-- Account export and deletion (PRODUCT.md §7 account-export, account-delete; issue 17 part 7). Both are for the
-- edge functions of the same names only (service role, or the database owner over the functions' direct
-- connection), which pass the user id Auth vouched for:
--   * account_export(user_id) answers one JSON document of everything the user owns: their Auth user (id, email,
--     created_at), profile, school memberships, enrollments, lesson progress, daily activity, notes, questions,
--     answers, certificates and achievements. The function adds signed URLs for the files (avatar, certificate
--     PDFs), which only Storage can sign;
--   * account_deletion_blockers(user_id) names the schools where the user is the last owner: deletion is refused
--     (forbidden) while there is one, since a school must keep an owner (20261121060200) and deleting the school
--     with its courses and learners is a decision of its own, not a side effect;
--   * delete_account(user_id, claims) deletes the user: it checks the second factor against the claims the
--     function verified (private.claims_are_aal2, the rule of private.is_aal2) when the user has a verified
--     factor, refuses a last owner, clears the user's id from objects they uploaded for their schools, deletes
--     invitations addressed to them and the Auth user, whose foreign keys on delete cascade take every row of
--     theirs (profile, memberships, enrollments, progress, activity, notes, questions, answers, certificates,
--     achievements, recovery codes, attempts, sessions, factors, identities) and set null where a row is the
--     school's (courses' invites and codes they created, removals they made, schools they created). It answers the
--     Storage objects that must go with the account (their avatar folder, their certificates' PDFs), which the
--     function removes through the Storage API before it commits the same transaction (see account-delete).
-- A deleted holder's certificate code then matches no row: verify_certificate answers certificate_not_found, with
-- nothing about the person.
-- Refusals raise PRODUCT.md §8 errors: not_signed_in (401, the user is gone), aal2_required (403), forbidden (403,
-- with details.schools).
-- ============================================================================================================

create function public.account_export(user_id uuid)
returns jsonb
language sql
stable
-- Definer: reads the user's rows across tables whose client policies are the user's own session, and auth.users.
security definer
set search_path = ''
as $$
  with me as (select u.id, u.email::text as email, u.created_at from auth.users u where u.id = account_export.user_id)
  select jsonb_build_object(
    'exported_at', now(),
    'user', (select to_jsonb(me) from me),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = account_export.user_id),
    'school_memberships', coalesce((
      select jsonb_agg(jsonb_build_object(
        'school_id', m.school_id, 'school_name', s.name, 'school_slug', s.slug, 'role', m.role, 'joined_at', m.created_at
      ) order by m.created_at)
      from public.school_members m join public.schools s on s.id = m.school_id
      where m.user_id = account_export.user_id
    ), '[]'),
    'enrollments', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', e.id, 'course_id', e.course_id, 'course_title', c.title, 'course_slug', c.slug, 'cohort_id', e.cohort_id,
        'source', e.source, 'status', e.status, 'enrolled_at', e.enrolled_at, 'completed_at', e.completed_at,
        'last_lesson_id', e.last_lesson_id, 'last_activity_at', e.last_activity_at, 'removed_at', e.removed_at
      ) order by e.enrolled_at)
      from public.enrollments e join public.courses c on c.id = e.course_id
      where e.user_id = account_export.user_id
    ), '[]'),
    'progress', coalesce((
      select jsonb_agg((to_jsonb(lp) - 'user_id') || jsonb_build_object('lesson_title', l.title)
        order by lp.course_id, lp.updated_at)
      from public.lesson_progress lp join public.lessons l on l.id = lp.lesson_id
      where lp.user_id = account_export.user_id
    ), '[]'),
    'activity', coalesce((
      select jsonb_agg(to_jsonb(d) - 'user_id' order by d.day)
      from public.daily_activity d where d.user_id = account_export.user_id
    ), '[]'),
    'notes', coalesce((
      select jsonb_agg(to_jsonb(n) - 'user_id' order by n.created_at)
      from public.notes n where n.user_id = account_export.user_id
    ), '[]'),
    'questions', coalesce((
      select jsonb_agg(to_jsonb(q) - 'author_id' order by q.created_at)
      from public.questions q where q.author_id = account_export.user_id
    ), '[]'),
    'answers', coalesce((
      select jsonb_agg(to_jsonb(a) - 'author_id' order by a.created_at)
      from public.answers a where a.author_id = account_export.user_id
    ), '[]'),
    'certificates', coalesce((
      select jsonb_agg(to_jsonb(c) - 'user_id' order by c.issued_at)
      from public.certificates c where c.user_id = account_export.user_id
    ), '[]'),
    'achievements', coalesce((
      select jsonb_agg(jsonb_build_object(
        'code', ua.code, 'title', a.title, 'description', a.description, 'earned_at', ua.earned_at,
        'course_id', ua.course_id
      ) order by ua.earned_at)
      from public.user_achievements ua join public.achievements a on a.code = ua.code
      where ua.user_id = account_export.user_id
    ), '[]')
  )
  where exists (select 1 from me);
$$;

comment on function public.account_export(uuid) is
  'For the account-export function (service role) only: everything user_id owns as one JSON document (user, profile, school_memberships, enrollments, progress, activity, notes, questions, answers, certificates with pdf_path, achievements); null for an unknown user.';

create function public.account_deletion_blockers(user_id uuid)
returns table (school_id uuid, school_name text)
language sql
stable
-- Definer: counts each school's owners whatever any policy shows.
security definer
set search_path = ''
as $$
  select s.id, s.name
  from public.school_members m
  join public.schools s on s.id = m.school_id
  where m.user_id = account_deletion_blockers.user_id
    and m.role = 'owner'
    and not exists (
      select 1 from public.school_members o
      where o.school_id = m.school_id and o.role = 'owner' and o.user_id <> m.user_id
    )
  order by s.name, s.id;
$$;

comment on function public.account_deletion_blockers(uuid) is
  'For the account-delete function (service role) only: the schools where user_id is the last owner, which keep the account from being deleted.';

create function private.objects_of_user(user_id uuid)
returns table (bucket_id text, name text)
language sql
stable
set search_path = ''
as $$
  -- Their avatar folder (avatars/{user_id}/...), and their certificates' PDFs: the recorded path, and the path the
  -- certificate function writes ({course_id}/{code}.pdf) in case the record of it did not land.
  select o.bucket_id, o.name
  from storage.objects o
  where o.bucket_id = 'avatars' and (storage.foldername(o.name))[1] = objects_of_user.user_id::text
  union
  select o.bucket_id, o.name
  from public.certificates c
  join storage.objects o
    on o.bucket_id = 'certificates' and o.name in (c.pdf_path, c.course_id::text || '/' || c.code || '.pdf')
  where c.user_id = objects_of_user.user_id
  order by 1, 2;
$$;

comment on function private.objects_of_user(uuid) is
  'The Storage objects that belong to a user and go with their account: avatars/{user_id}/... and their certificates'' PDFs.';

revoke all on function private.objects_of_user(uuid) from public, anon, authenticated;

create function public.delete_account(user_id uuid, claims jsonb)
returns table (bucket_id text, name text)
language plpgsql
volatile
-- Definer: deletes the Auth user and rows across every table, which no client role may.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  target uuid := delete_account.user_id;
  target_email text;
  blockers text[];
  blocker_ids uuid[];
begin
  -- Queue behind anything else changing this user (a second delete, a sign-in writing the row).
  select u.email::text into target_email from auth.users u where u.id = target for update;
  if not found then
    perform private.raise_api_error('not_signed_in', 'This account no longer exists.', 401);
  end if;

  if private.has_verified_factor(target) and not private.claims_are_aal2(delete_account.claims) then
    perform private.raise_api_error(
      'aal2_required', 'Deleting your account needs a session verified with your second factor.', 403
    );
  end if;

  -- Lock the schools where they own, as the member guard does, so no co-owner leaves between check and delete.
  perform 1 from public.schools s
  where s.id in (select m.school_id from public.school_members m where m.user_id = target and m.role = 'owner')
  order by s.id
  for update;
  select array_agg(b.school_name order by b.school_name), array_agg(b.school_id order by b.school_name)
  into blockers, blocker_ids
  from public.account_deletion_blockers(target) b;
  if blockers is not null then
    perform private.raise_api_error(
      'forbidden',
      'You are the last owner of ' || array_to_string(blockers, ', ')
        || '. Make another member an owner, or delete the school, before deleting your account.',
      403,
      jsonb_build_object('schools', (
        select jsonb_agg(jsonb_build_object('id', i, 'name', n))
        from unnest(blocker_ids, blockers) as x(i, n)
      ))
    );
  end if;

  return query select o.bucket_id, o.name from private.objects_of_user(target) o;

  -- Files they uploaded for their schools (covers, media) stay the school's; only their id leaves them.
  update storage.objects o set owner = null, owner_id = null
  where (o.owner = target or o.owner_id = target::text)
    and (o.bucket_id, o.name) not in (select x.bucket_id, x.name from private.objects_of_user(target) x);

  -- Invitations to a school addressed to them name them; the school can invite again.
  delete from public.school_invitations i where i.email = lower(target_email);

  -- Everything else of theirs goes by the foreign keys' cascades (see the header).
  delete from auth.users u where u.id = target;

  -- Run the deferred checks (a school keeps an owner) now, so the function's COMMIT cannot fail after Storage
  -- removed the files.
  set constraints all immediate;
end;
$$;

comment on function public.delete_account(uuid, jsonb) is
  'For the account-delete function only, inside its transaction: deletes user_id''s Auth user and every row of theirs, and answers the Storage objects (bucket_id, name) to remove before COMMIT. claims are the verified JWT claims of the request: with a verified factor they must show aal2 or a passkey. Errors: not_signed_in 401 (no such user), aal2_required 403, forbidden 403 (last owner of a school; details.schools).';

revoke all on function public.account_export(uuid) from public, anon, authenticated;
revoke all on function public.account_deletion_blockers(uuid) from public, anon, authenticated;
revoke all on function public.delete_account(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.account_export(uuid) to service_role;
grant execute on function public.account_deletion_blockers(uuid) to service_role;
grant execute on function public.delete_account(uuid, jsonb) to service_role;
