// Random values in GoTrue's formats: numeric email codes, the SHA-224 token hash stored for links, 12-character
// refresh tokens, UUIDs and the throw-away passwords GoTrue gives users created without one.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'

export const newId = (): string => randomUUID()

/** A code of `length` digits (otp_length), uniformly random. */
export function generateOtp(length: number): string {
  let code = ''
  for (let i = 0; i < length; i++) code += String(randomInt(10))
  return code
}

/** What GoTrue stores for an emailed code: hex SHA-224 of the address (or phone) followed by the code. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex')
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A refresh token like GoTrue's: 12 lowercase letters and digits. */
export function newRefreshToken(): string {
  let token = ''
  for (let i = 0; i < 12; i++) token += alphabet[randomInt(alphabet.length)]
  return token
}

/** A long random password for accounts created without one (invites, magic-link sign-ups, admin-created users). */
export function randomPassword(): string {
  return randomBytes(33).toString('base64url')
}
