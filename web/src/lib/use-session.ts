// The current Supabase session as React state, shared by every component through one
// subscription to onAuthStateChange (useSyncExternalStore), so the header and pages agree.
import { useSyncExternalStore } from 'react'
import type { Session, User } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'

export interface SessionState {
  session: Session | null
  user: User | null
  isLoading: boolean
}

let snapshot: SessionState = { session: null, user: null, isLoading: true }
const listeners = new Set<() => void>()
let started = false

function publish(session: Session | null) {
  snapshot = { session, user: session?.user ?? null, isLoading: false }
  for (const listener of listeners) listener()
}

function start() {
  if (started) return
  started = true
  // INITIAL_SESSION arrives first with the stored session (after any URL tokens are detected).
  supabase.auth.onAuthStateChange((_event, session) => publish(session))
}

function subscribe(listener: () => void) {
  start()
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const getSnapshot = () => snapshot

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
