-- ============================================================================================================
-- School membership only with consent, and who created a school stays private.
--
-- Owners could insert school_members rows for any user id (as instructor or owner) without that user's consent,
-- and co-members read each other's profiles, so anyone could pull anyone's profile into reach. A membership now
-- comes only from creating the school (the creator becomes its owner, by the definer trigger of 20261121060200)
-- or, from M2, from an invitation the invitee accepts, recorded by the service role (the invite-member function);
-- clients insert no memberships at all. Owners still change roles and remove members (with aal2), members leave.
--
-- schools.created_by and created_at were readable by every signed-in user (the table-wide select grant), while
-- 20261121070800 promised that who created a school, and when, are not part of its public face. Signed-in users
-- now get the same columns as visitors (id, slug, name); a school's owners are listed in school_members. Clients
-- therefore name their columns when reading schools back (`.select('id, slug, name')`): `select=*` asks for every
-- column and is refused.
--
-- Creating a school and reading it back in one statement (INSERT ... RETURNING, which PostgREST issues for
-- Prefer: return=representation) failed with 42501: RETURNING rows must pass the select policy, and the creator
-- is not a member until the after-insert trigger has run. The select policy now also admits the creator's own
-- school in the transaction that created it.
-- ============================================================================================================

revoke insert on public.school_members from authenticated;
drop policy school_members_insert_owner on public.school_members;
comment on table public.school_members is
  'Who teaches at a school, and whether they own it. Created with the school (its creator) or by an accepted invitation (service role); never inserted by clients.';

revoke select on public.schools from authenticated;
grant select (id, slug, name) on public.schools to authenticated;
comment on column public.schools.created_by is
  'Who created the school; becomes its first owner. Not readable by clients: owners are listed in school_members.';

alter policy schools_select_authenticated on public.schools
  using (
    private.is_school_member(id)
    or exists (select 1 from public.courses c where c.school_id = schools.id and c.status = 'published')
    -- The creator, in the transaction that created the school (created_at is now() there and nowhere else), so
    -- INSERT ... RETURNING answers them before the trigger has made them its owner.
    or (created_by = (select auth.uid()) and created_at = now())
  );
comment on policy schools_select_authenticated on public.schools is
  'Members see their schools; every signed-in user sees schools with a published course; the creator reads back the school they are creating.';
