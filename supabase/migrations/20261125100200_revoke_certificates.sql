-- ============================================================================================================
-- Revocation (PRODUCT.md §1, §4): the course's instructors and the school's owners withdraw a certificate with a
-- reason and a second factor (aal2). Verification then shows it as revoked with the date, never the reason.
-- course_certificates lists a course's certificates for its staff (the learners page), since only the learner
-- reads certificates through the table.
-- ============================================================================================================

create function public.revoke_certificate(certificate_id uuid, reason text)
returns jsonb
language plpgsql
volatile
-- Definer: clients have no write grant on certificates. The caller's membership of the course's school and the
-- second factor are checked here, from auth.uid() and the JWT's aal.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  target public.certificates;
  clean_reason text := btrim(coalesce(revoke_certificate.reason, ''));
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to revoke certificates.', 401);
  end if;

  select * into target from public.certificates c where c.id = revoke_certificate.certificate_id for update;
  -- An unknown certificate and another school's look alike: ids are not confirmed to strangers.
  if not found or not private.is_course_member(target.course_id) then
    perform private.raise_api_error('forbidden', 'Only the course''s instructors and the school''s owners can revoke its certificates.', 403);
  end if;

  if not private.is_aal2() then
    perform private.raise_api_error('aal2_required', 'Revoking a certificate needs two-factor sign-in.', 403);
  end if;

  if char_length(clean_reason) not between 3 and 500 then
    perform private.raise_api_error(
      'validation_failed', 'Say why the certificate is revoked (3 to 500 characters).', 422,
      jsonb_build_object('fields', jsonb_build_object('reason', 'Say why the certificate is revoked (3 to 500 characters).'))
    );
  end if;

  -- Revoking twice keeps the first date and reason: the record says when it stopped being valid.
  if target.revoked_at is null then
    update public.certificates c
    set revoked_at = now(), revoke_reason = clean_reason
    where c.id = target.id
    returning * into target;
  end if;

  return jsonb_build_object(
    'id', target.id, 'code', target.code, 'user_id', target.user_id, 'course_id', target.course_id,
    'issued_at', target.issued_at, 'revoked_at', target.revoked_at, 'revoke_reason', target.revoke_reason
  );
end;
$$;

comment on function public.revoke_certificate(uuid, text) is
  'Revokes a certificate (course staff, aal2, reason 3-500 characters); revoking again keeps the first date and reason. Errors: not_signed_in 401, forbidden 403, aal2_required 403, validation_failed 422.';

revoke all on function public.revoke_certificate(uuid, text) from public;
grant execute on function public.revoke_certificate(uuid, text) to authenticated;

create function public.course_certificates(course_id uuid)
returns table (
  certificate_id uuid,
  user_id uuid,
  code text,
  issued_at timestamptz,
  revoked_at timestamptz,
  revoke_reason text
)
language plpgsql
stable
-- Definer: certificates are readable only by their learner through the table; the course's staff read their
-- course's here, after the membership check.
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if (select auth.uid()) is null then
    perform private.raise_api_error('not_signed_in', 'Sign in to see the course''s certificates.', 401);
  end if;
  if not private.is_course_member(course_certificates.course_id) then
    perform private.raise_api_error('forbidden', 'Only the course''s instructors and the school''s owners see its certificates.', 403);
  end if;
  return query
    select c.id, c.user_id, c.code, c.issued_at, c.revoked_at, c.revoke_reason
    from public.certificates c
    where c.course_id = course_certificates.course_id
    order by c.issued_at desc;
end;
$$;

comment on function public.course_certificates(uuid) is
  'The course''s certificates for its staff (learners page): id, learner, code, issue and revocation dates, reason. Errors: not_signed_in 401, forbidden 403.';

revoke all on function public.course_certificates(uuid) from public;
grant execute on function public.course_certificates(uuid) to authenticated;
