// Holds the one step-up dialog of the app. Mounted once near the root; the dialog's code (factor list, TOTP form,
// passkey) loads only the first time an act asks for a second factor. Acts refused together share one dialog.
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { StepUpContext } from '@/lib/step-up-context'

const StepUpDialog = lazy(() => import('./step-up-dialog').then((module) => ({ default: module.StepUpDialog })))

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const pending = useRef<{ promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null>(null)

  const confirm = useCallback(() => {
    if (pending.current) return pending.current.promise
    let resolve: (confirmed: boolean) => void = () => undefined
    const promise = new Promise<boolean>((done) => {
      resolve = done
    })
    pending.current = { promise, resolve }
    setOpen(true)
    return promise
  }, [])

  const settle = useCallback((confirmed: boolean) => {
    const current = pending.current
    pending.current = null
    setOpen(false)
    current?.resolve(confirmed)
  }, [])

  const value = useMemo(() => confirm, [confirm])

  return (
    <StepUpContext.Provider value={value}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <StepUpDialog onConfirmed={() => settle(true)} onCancel={() => settle(false)} />
        </Suspense>
      ) : null}
    </StepUpContext.Provider>
  )
}
