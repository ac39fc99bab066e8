// Console output of the stack: one line per step with its duration, so a slow start shows where the time went.
const useColor = process.stdout.isTTY && !process.env.NO_COLOR

const paint = (code: number) => (text: string) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text)
export const dim = paint(2)
export const bold = paint(1)
export const green = paint(32)
export const red = paint(31)
export const yellow = paint(33)

export async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  if (process.stdout.isTTY) process.stdout.write(`  … ${label}`)
  const clear = () => {
    if (process.stdout.isTTY) process.stdout.write('\r\x1b[2K')
  }
  try {
    const result = await work()
    clear()
    process.stdout.write(`  ${green('✓')} ${label} ${dim(`(${seconds(started)})`)}\n`)
    return result
  } catch (error) {
    clear()
    process.stdout.write(`  ${red('✗')} ${label} ${dim(`(${seconds(started)})`)}\n`)
    throw error
  }
}

export function note(text: string): void {
  process.stdout.write(`  ${yellow('!')} ${text}\n`)
}

export function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}
