// The answer to `Accept: application/vnd.pgrst.plan…`: 200 with the EXPLAIN output as the body, the plan media type
// (with `for` and `options`) as the Content-Type, and Content-Profile when the schema was negotiated — nothing else,
// as PostgREST answers a plan: no Content-Range, no Preference-Applied, no headers or status set by SQL.
import type { RunResult } from '../execute/transaction.ts'
import type { RequestContext } from '../request/context.ts'
import { planContentTypeOf, type PlanMedia } from '../request/media.ts'
import { profileHeader } from './headers.ts'
import type { RestResponse } from './response.ts'

export function renderPlan(ctx: RequestContext, media: PlanMedia, result: RunResult): RestResponse {
  return {
    status: 200,
    headers: { 'Content-Type': planContentTypeOf(media), ...profileHeader(ctx) },
    body: result.plan ?? '',
  }
}
