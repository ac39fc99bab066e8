// POST /functions/v1/lesson-media — `{ lesson_id }` → 200 `{ video_path, captions_path, video_url, captions_url,
// expires_in }`: short-lived signed URLs of the lesson's video and captions (relative to the project's URL), read
// and signed as the caller, so it answers only who may play the lesson; anyone else gets 403 `lesson_locked`.
// Visitors (no Authorization) are `anon`: preview lessons only. Errors use the envelope of _shared/http.ts.
import { json, requireMethod, serveJson } from '../_shared/http.ts'
import { userClient, visitorClient } from '../_shared/supabase.ts'
import { parse, readJson } from '../_shared/validate.ts'
import { checkCallerClaims } from './caller.ts'
import { lessonMedia } from './media.ts'
import { lessonMediaBody } from './schema.ts'

Deno.serve(serveJson(async (request) => {
  requireMethod(request, 'POST')
  const { lessonId } = parse(lessonMediaBody, await readJson(request))
  // No Auth round trip: the Data API and Storage check the caller's token themselves on both calls. Without one (a
  // visitor sends the publishable key as `apikey` only) the calls are made as `anon`.
  const authorization = request.headers.get('Authorization')
  checkCallerClaims(authorization)
  return json(await lessonMedia(authorization ? userClient(authorization) : visitorClient(), lessonId))
}))
