// The M5 calls the quiz studio makes, reached by name. Their answers are jsonb (which the generated types can only
// call `Json`), so each caller names the shape the database's contract gives it; errors are thrown as they come.
import type { SupabaseClient } from '@/lib/supabase'

export type QuizStudioCall = 'save_quiz_question' | 'import_quiz_questions' | 'duplicate_quiz_question' | 'quiz_preview'

type RpcByName = (name: string, args: Record<string, unknown>) => PromiseLike<{ data: unknown; error: unknown }>

export async function callQuizRpc<T>(
  client: SupabaseClient,
  name: QuizStudioCall,
  args: Record<string, unknown>,
): Promise<T> {
  // A narrow view of rpc: the name is one of the calls above, the arguments are the contract's.
  const rpc = client.rpc as unknown as RpcByName
  const { data, error } = await rpc.call(client, name, args)
  if (error) throw error
  return data as T
}
