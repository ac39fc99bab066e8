// The app shell's offline status: a small note at the bottom of the screen while the API cannot be reached (requests
// get no answer, or the browser is offline), saying that what the learner does is kept on this device. The live
// region is always there, so the note is announced when it appears.
import { CloudOff } from 'lucide-react'
import { useApiUnreachable } from '@/lib/connection'

export function OfflineStatus() {
  const offline = useApiUnreachable()
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-3 z-40 flex justify-center px-3">
      {offline ? (
        <p className="pointer-events-auto flex max-w-full items-center gap-2 rounded-full bg-slate-900 px-3 py-1.5 text-sm text-white shadow-md">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          <span>Offline — changes are kept on this device</span>
        </p>
      ) : null}
    </div>
  )
}
