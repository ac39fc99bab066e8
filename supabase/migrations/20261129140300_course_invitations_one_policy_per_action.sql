-- Course invitations: one policy per action for signed-in users, as school invitations have. The invitee's and the
-- staff's reads (and deletes) were two permissive policies each, which Postgres evaluates both of for every row
-- (the database advisors' multiple_permissive_policies); one policy holding both conditions allows exactly the same
-- rows.

drop policy course_invitations_select_invitee on public.course_invitations;
drop policy course_invitations_select_staff on public.course_invitations;
drop policy course_invitations_delete_invitee on public.course_invitations;
drop policy course_invitations_delete_staff on public.course_invitations;

create policy course_invitations_select_staff_or_invitee on public.course_invitations
  for select to authenticated
  using (email = (select private.my_confirmed_email()) or private.is_course_member(course_id));
comment on policy course_invitations_select_staff_or_invitee on public.course_invitations is
  'The invitee sees the invitations to their confirmed address; the course''s staff (members of its school) see its pending invitations.';

create policy course_invitations_delete_staff_or_invitee on public.course_invitations
  for delete to authenticated
  using (email = (select private.my_confirmed_email()) or private.is_course_member(course_id));
comment on policy course_invitations_delete_staff_or_invitee on public.course_invitations is
  'The invitee declines an invitation to their confirmed address; the course''s staff cancel a pending one.';
