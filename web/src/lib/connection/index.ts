// The app's one reachability store (see reachability.ts), probing the API's Auth health endpoint (no session needed,
// cheap) and following the browser's online and offline events. The query client reports every request's outcome.
import { useSyncExternalStore } from 'react'
import { supabasePublishableKey, supabaseUrl } from '@/lib/supabase'
import { Reachability } from './reachability'

export const reachability = new Reachability({
  probe: async () => {
    const response = await fetch(`${supabaseUrl}/auth/v1/health`, { headers: { apikey: supabasePublishableKey } })
    return response.status < 500
  },
})

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => reachability.markDown())
  window.addEventListener('online', () => void reachability.check())
}

export function useApiUnreachable(): boolean {
  return useSyncExternalStore(reachability.subscribe, reachability.isDown, () => false)
}
