// Calls `callback` once input has been quiet for `delayMs`; `flush` runs a pending call at once (on Enter).
import { useCallback, useEffect, useRef } from 'react'

export function useDebouncedCallback<Args extends unknown[]>(callback: (...args: Args) => void, delayMs: number) {
  const latest = useRef(callback)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const pending = useRef<Args | null>(null)

  useEffect(() => {
    latest.current = callback
  })
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const args = pending.current
    pending.current = null
    if (args) latest.current(...args)
  }, [])

  const run = useCallback(
    (...args: Args) => {
      pending.current = args
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(flush, delayMs)
    },
    [delayMs, flush],
  )

  return { run, flush }
}
