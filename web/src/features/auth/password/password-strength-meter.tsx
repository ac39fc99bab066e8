// The strength meter under a new-password field: four bars and a word, and while the password cannot be
// used, the sentence saying why. Its space is kept from the start (see below). The words sit in a polite live region, so a screen reader hears the
// level change as the user types (not every keystroke: only when the text changes).
import { cn } from '@/lib/cn'
import type { PasswordVerdict, StrengthLevel } from './password-rules'

const filled: Record<StrengthLevel, number> = { weak: 1, fair: 2, good: 3, strong: 4 }
const colours: Record<StrengthLevel, string> = {
  weak: 'bg-red-600',
  fair: 'bg-amber-500',
  good: 'bg-teal-600',
  strong: 'bg-teal-700',
}

interface PasswordStrengthMeterProps {
  verdict: PasswordVerdict | null
  id?: string
  className?: string
}

export function PasswordStrengthMeter({ verdict, id, className }: PasswordStrengthMeterProps) {
  // The bars and a line for the word are there before the first verdict (grey, empty), so that verdict, which arrives
  // once the checker has loaded and run, does not push the button below it down under the pointer.
  return (
    <div id={id} className={cn('flex flex-col gap-1.5', className)} data-testid="password-strength">
      <div aria-hidden="true" className="grid grid-cols-4 gap-1">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              'h-1.5 rounded-full',
              verdict && bar <= filled[verdict.level] ? colours[verdict.level] : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {verdict ? (
          <>
            <span className="font-medium">Strength: {verdict.label}.</span>
            {verdict.refusal ? <span> {verdict.refusal}</span> : null}
          </>
        ) : null}
      </p>
    </div>
  )
}
