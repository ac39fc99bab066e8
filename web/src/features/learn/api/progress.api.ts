// Writes the caller's progress in a lesson through the `save_progress` RPC (position, distinct seconds watched,
// tick/untick). Throws the PostgREST error (with its `code`, PRODUCT.md §8) so callers can show `errorMessage`.
import type { SupabaseClient } from '@/lib/supabase'
import {
  saveProgressInputSchema,
  saveProgressResultSchema,
  type SaveProgressInput,
  type SaveProgressResult,
} from '../schemas/progress.schema'

export async function saveProgress(client: SupabaseClient, input: SaveProgressInput): Promise<SaveProgressResult> {
  const args = saveProgressInputSchema.parse(input)
  const { data, error } = await client.rpc('save_progress', {
    lesson_id: args.lesson_id,
    position_s: args.position_s,
    watched_s: args.watched_s,
    // Leave optional arguments out rather than sending null, so the function's defaults apply.
    ...(args.completed != null ? { completed: args.completed } : {}),
    // Only writes that must not move a newer resume point are dated; live positions take the database's time, so a
    // device whose clock runs behind still moves its own resume point.
    ...(args.observed_at != null ? { observed_at: args.observed_at } : {}),
  })
  if (error) throw error
  return saveProgressResultSchema.parse(data)
}
