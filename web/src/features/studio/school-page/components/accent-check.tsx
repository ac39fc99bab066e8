// The accent colour's live contrast check beside the field: a sample of the text that will be set on it (white or
// dark) with both ratios, or the database's sentence when neither reads. Announced politely as it changes.
import { CircleCheck } from 'lucide-react'
import { accentTextHex, darkText, whiteText } from '@/lib/schools/accent'
import { accentTextColor, contrastRatio, isHexColor, normalizeHex } from '@/lib/schools/accent-rules'

const ratio = (value: number) => `${(Math.floor(value * 10) / 10).toFixed(1)}:1`

export function AccentCheck({ value, name }: { value: string; name: string }) {
  const color = value.trim() === '' ? null : normalizeHex(value)
  const text = color && isHexColor(color) ? accentTextColor(color) : null
  return (
    <div role="status" className="flex flex-col gap-2 text-sm">
      {!color ? (
        <p className="text-slate-600">No accent colour: the page uses Summit’s own colours.</p>
      ) : !isHexColor(color) ? null : (
        <>
          <p className="text-slate-700">
            Against white {ratio(contrastRatio(color, whiteText))}, against dark text{' '}
            {ratio(contrastRatio(color, darkText))} (4.5:1 needed for either).
          </p>
          {text ? (
            <p className="flex items-center gap-1.5 font-medium text-teal-800">
              <CircleCheck aria-hidden="true" className="size-4" />
              Readable: {text === 'white' ? 'white' : 'dark'} text will be set on this colour.
            </p>
          ) : null}
          {/* The school's name as it will be set on the colour; a colour that reads with neither is a bare swatch
              (its sentence is under the field), so no unreadable text is ever drawn. */}
          <p
            aria-hidden="true"
            style={text ? { backgroundColor: color, color: accentTextHex(text) } : { backgroundColor: color }}
            className="min-h-10 rounded-md px-3 py-2 font-semibold break-words"
          >
            {text ? name : null}
          </p>
        </>
      )}
    </div>
  )
}
