// The list of the player's keyboard shortcuts, opened by `?` or its button: a Radix dialog with a table of keys.
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'

/** What the dialog lists, in order: the keys as shown and what they do (lib/shortcuts.ts maps the keys). */
const SHORTCUTS: ReadonlyArray<{ keys: string[]; label: string }> = [
  { keys: ['Space'], label: 'Play or pause' },
  { keys: ['←'], label: 'Back 5 seconds' },
  { keys: ['→'], label: 'Forward 5 seconds' },
  { keys: ['f'], label: 'Full screen' },
  { keys: ['c'], label: 'Captions on or off' },
  { keys: ['m'], label: 'Mute or unmute' },
  { keys: ['<'], label: 'Slower' },
  { keys: ['>'], label: 'Faster' },
  { keys: ['?'], label: 'Show these shortcuts' },
]

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Keyboard shortcuts</DialogTitle>
        <DialogDescription>They work anywhere in the player except while you type in a field.</DialogDescription>
        <table className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.label} className="border-t border-slate-100">
                <td className="py-2 pr-4">
                  {shortcut.keys.map((key) => (
                    <kbd
                      key={key}
                      className="inline-block min-w-8 rounded border border-slate-300 bg-slate-50 px-2 py-0.5 text-center font-mono text-slate-900"
                    >
                      {key}
                    </kbd>
                  ))}
                </td>
                <td className="py-2 text-slate-800">{shortcut.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  )
}
