// Runs before every web test file. Without Vitest globals, Testing Library cannot register its
// own cleanup, so unmount rendered trees here to keep tests independent.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
})

// jsdom has no layout, so its scrollTo only logs "Not implemented"; the router's scroll
// restoration calls it on every navigation. A no-op keeps test output readable.
window.scrollTo = () => {}
