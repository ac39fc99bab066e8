// Passwords: bcrypt in worker threads (GoTrue-compatible $2a$ hashes, any variant and cost verified, the event loop
// left free) and GoTrue's strength rules.
import { afterAll, describe, expect, it } from 'vitest'
import bcrypt from 'bcryptjs'
import { PasswordHasher } from './hasher.ts'
import { passwordProblem } from './strength.ts'

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(2)
  afterAll(() => hasher.close())

  it('writes $2a$ hashes at cost 10 and verifies $2a$, $2b$ and $2y$ hashes of any cost', async () => {
    const hash = await hasher.hash('summit-demo')
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/)
    expect(await hasher.compare('summit-demo', hash)).toBe(true)
    expect(await hasher.compare('summit-demo!', hash)).toBe(false)
    const b = bcrypt.hashSync('x-secret', 4)
    expect(b.startsWith('$2b$04$')).toBe(true)
    expect(await hasher.compare('x-secret', b)).toBe(true)
    expect(await hasher.compare('x-secret', b.replace('$2b$', '$2y$'))).toBe(true)
    expect(await hasher.compare('x-secret', 'not a hash')).toBe(false)
  })

  it('hashes off the event loop: a timer fires while a hash is pending', async () => {
    const order: string[] = []
    const hashing = hasher.hash('a-password-1').then(() => order.push('hash'))
    await new Promise((resolve) => setTimeout(resolve, 1)).then(() => order.push('timer'))
    await hashing
    // Hashing on the event loop would finish (~70 ms of blocking) before the 1 ms timer could fire.
    expect(order).toEqual(['timer', 'hash'])
  })
})

describe('password strength', () => {
  const rules = { minimumPasswordLength: 8, passwordRequirements: 'lower_upper_letters_digits' }

  it('reports length and character reasons like GoTrue', () => {
    expect(passwordProblem('Abcdefg1', rules)).toBeUndefined()
    expect(passwordProblem('abc', rules)).toMatchObject({
      code: 'weak_password',
      message:
        'Password should be at least 8 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
      extra: { weak_password: { reasons: ['length', 'characters'] } },
    })
    expect(passwordProblem('x'.repeat(73), rules)).toMatchObject({ code: 'validation_failed', status: 400 })
  })
})
