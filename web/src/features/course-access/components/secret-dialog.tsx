// Shows a new invite link or access code exactly once: the database keeps only its hash, so after "Done" nobody can
// see it again. Copy uses the Clipboard API; where the browser refuses, the text is selected for Ctrl+C instead.
import { useRef, useState } from 'react'
import { Dialog } from 'radix-ui'
import { Check, Copy } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { copyText } from '../lib/secrets'

interface SecretDialogProps {
  /** Null: closed. */
  secret: { value: string; spelled?: string } | null
  title: string
  label: string
  onDone: () => void
}

export function SecretDialog({ secret, title, label, onDone }: SecretDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [copy, setCopy] = useState<'idle' | 'copied' | 'selected'>('idle')

  const onCopy = async () => {
    if (!secret) return
    if (await copyText(secret.value)) {
      setCopy('copied')
    } else {
      inputRef.current?.focus()
      inputRef.current?.select()
      setCopy('selected')
    }
  }

  return (
    <Dialog.Root
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopy('idle')
          onDone()
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          // A stray click outside must not throw away a secret that cannot be shown again.
          onPointerDownOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            Copy it now: this is the only time it is shown. Summit keeps only a fingerprint of it, so nobody can look it
            up later; if it is lost, revoke it and create a new one.
          </Dialog.Description>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="new-secret">{label}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                ref={inputRef}
                id="new-secret"
                readOnly
                value={secret?.value ?? ''}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono"
                aria-describedby={secret?.spelled ? 'new-secret-spelled' : undefined}
              />
              <Button onClick={onCopy}>
                {copy === 'copied' ? (
                  <Check aria-hidden="true" className="size-4" />
                ) : (
                  <Copy aria-hidden="true" className="size-4" />
                )}
                Copy
              </Button>
            </div>
            {secret?.spelled ? (
              <p id="new-secret-spelled" className="text-sm text-slate-600">
                Read aloud: {secret.spelled}
              </p>
            ) : null}
          </div>
          <div aria-live="polite">
            {copy === 'copied' ? <Alert tone="success">Copied to the clipboard.</Alert> : null}
            {copy === 'selected' ? (
              <Alert tone="info">
                This browser did not let us copy. The text is selected: press Ctrl+C (⌘C on a Mac).
              </Alert>
            ) : null}
          </div>
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button>Done</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
