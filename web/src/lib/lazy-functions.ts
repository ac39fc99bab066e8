// Supabase Functions (functions-js, about 2 KiB gzip) loaded on the first invoke, or once the page has loaded and the
// browser is idle, whichever comes first: no page needs it to draw, and warming it after the load event keeps a
// later call (enrolling, a lesson's media after moving to the player) from waiting a round trip for it.
import type { FunctionsClient } from '@supabase/functions-js'
import { loadSoonAfterPageLoad } from './after-page-load'

export function lazyFunctions(create: () => Promise<FunctionsClient>): FunctionsClient {
  const load = loadSoonAfterPageLoad(create)

  const invoke: FunctionsClient['invoke'] = async (functionName, options) =>
    (await load()).invoke(functionName, options)
  return { invoke } as FunctionsClient
}
