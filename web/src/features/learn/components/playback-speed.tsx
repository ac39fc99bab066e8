// The playback speed control (0.5–2×), remembered on this device so every lesson plays at the learner's speed.
import { useCallback, useId, useState } from 'react'

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const
const STORAGE_KEY = 'summit:playback-rate'

export function readPlaybackRate(storage: Storage | undefined = globalThis.localStorage): number {
  try {
    const value = Number(storage?.getItem(STORAGE_KEY))
    return (PLAYBACK_RATES as readonly number[]).includes(value) ? value : 1
  } catch {
    return 1
  }
}

export function usePlaybackRate(): [number, (rate: number) => void] {
  const [rate, setRateState] = useState(() => readPlaybackRate())
  const setRate = useCallback((next: number) => {
    // The native controls' own speed menu can pick rates outside ours; keep the nearest one.
    const nearest = PLAYBACK_RATES.reduce((a, b) => (Math.abs(b - next) < Math.abs(a - next) ? b : a))
    setRateState(nearest)
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, String(nearest))
    } catch {
      // Storage disabled: the speed still applies to this lesson.
    }
  }, [])
  return [rate, setRate]
}

export function PlaybackSpeed({ value, onChange }: { value: number; onChange: (rate: number) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Speed
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
      >
        {PLAYBACK_RATES.map((rate) => (
          <option key={rate} value={rate}>
            {rate}×
          </option>
        ))}
      </select>
    </div>
  )
}
