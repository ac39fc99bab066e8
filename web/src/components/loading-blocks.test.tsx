import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LoadingBlocks } from './loading-blocks'

describe('LoadingBlocks', () => {
  it('is one status named by its label, with a grey block per class string and other blocks shown as they are', () => {
    render(<LoadingBlocks label="Loading the cover" blocks={['h-10 w-40', <p>Up to 5 MB.</p>, null]} />)
    const status = screen.getByRole('status', { name: 'Loading the cover' })
    expect(status.children).toHaveLength(3)
    expect(status.children[0]?.className).toContain('h-10 w-40')
    expect(status.children[1]?.textContent).toBe('Up to 5 MB.')
    expect(status.children[2]?.childElementCount).toBe(0)
  })
})
