// warmIntl: one formatter of each kind the first renders make, none lost to a browser that lacks one; and never
// before the parsed page's first frame.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmIntl, warmIntlAfterFirstFrame } from './warm-intl'

afterEach(() => vi.restoreAllMocks())

describe('warmIntl', () => {
  it('makes a number, plural, list, language and date formatter', () => {
    const made = [
      vi.spyOn(Intl, 'NumberFormat'),
      vi.spyOn(Intl, 'PluralRules'),
      vi.spyOn(Intl, 'ListFormat'),
      vi.spyOn(Intl, 'DisplayNames'),
      vi.spyOn(Intl, 'DateTimeFormat'),
    ]
    expect(warmIntl()).toBe(5)
    for (const constructor of made) expect(constructor).toHaveBeenCalledTimes(1)
  })

  it('skips a kind the browser does not have and makes the others', () => {
    vi.spyOn(Intl, 'ListFormat').mockImplementation(() => {
      throw new TypeError('Intl.ListFormat is not a constructor')
    })
    expect(warmIntl()).toBe(4)
  })
})

describe('warmIntlAfterFirstFrame', () => {
  it('waits for the HTML to be parsed, then for a frame', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    warmIntlAfterFirstFrame()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(numberFormat).not.toHaveBeenCalled()
    readyState.mockReturnValue('interactive')
    document.dispatchEvent(new Event('readystatechange'))
    await vi.waitFor(() => expect(numberFormat).toHaveBeenCalledTimes(1))
  })
})
