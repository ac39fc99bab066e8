-- ============================================================================================================
-- A session ended elsewhere signs its tabs out at once (issue 17 part 5: "Realtime or the next refresh ends a
-- signed-out session's access in other tabs"). An access token stays valid until it expires (jwt_expiry), so a
-- device signed out by "Sign out everywhere else", by end_session or by Auth itself would otherwise keep reading
-- until its next refresh. When Auth deletes a session row, the database broadcasts `session_ended` with the
-- session's id on the user's private channel `account:<user_id>`; the app's tabs listen there and sign themselves
-- out when the id is their own session's. Only the user may listen; nobody but the database broadcasts there. A
-- user being deleted (their sessions going with the Auth user) is not told: there is nobody left to tell.
-- ============================================================================================================

create function private.broadcast_session_ended()
returns trigger
language plpgsql
-- Definer: runs inside Auth's own statements, as Auth's role, which need not reach realtime.send.
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from auth.users u where u.id = old.user_id) then
    perform realtime.send(
      jsonb_build_object('session_id', old.id), 'session_ended', 'account:' || old.user_id::text, true
    );
  end if;
  return null;
end;
$$;

comment on function private.broadcast_session_ended() is
  'After a session row is deleted: broadcasts session_ended {session_id} on account:<user_id> (never fails: realtime.send only warns).';

revoke all on function private.broadcast_session_ended() from public, anon, authenticated;

create trigger sessions_broadcast_ended
  after delete on auth.sessions
  for each row execute function private.broadcast_session_ended();

-- Who may listen: the user, on their own account channel (broadcasts only). No insert policy: clients cannot
-- broadcast there.
create policy messages_select_own_account on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'account:' || (select auth.uid())::text
  );
