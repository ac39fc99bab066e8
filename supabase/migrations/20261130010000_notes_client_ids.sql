-- A note written while the API was unreachable waits on the learner's device and is sent when the connection returns
-- (web/src/features/notes/api/note-outbox.ts). The device names the note with a uuid it draws itself, so sending it
-- twice (the first answer lost on the way back) finds the note already there instead of writing it again. The id
-- is the only column this adds: the owner and the course still come from the database.
grant insert (id) on public.notes to authenticated;

comment on column public.notes.id is
  'Drawn by the database, or by the learner''s device for a note written offline (sent again, it meets the primary key, not a second note).';
