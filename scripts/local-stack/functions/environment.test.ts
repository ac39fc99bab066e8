// Unit tests of the SMTP settings functions get from the local stack: the inbox's listener unless .env names another
// server, with the CLI's Mailpit container standing for the inbox.
import { describe, expect, it } from 'vitest'
import { smtpEnv } from './environment.ts'

const inbox = { host: '127.0.0.1', port: 54325 }

describe('smtpEnv', () => {
  it('points functions at the inbox when .env names no SMTP server', () => {
    expect(smtpEnv({}, inbox, 'summit')).toEqual({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '54325' })
    expect(smtpEnv({ SMTP_HOST: ' ', SMTP_SENDER: 'x@example.com' }, inbox, 'summit')).toEqual({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '54325',
    })
  })

  it('reads the CLI’s Mailpit container, by name or network alias, as the inbox', () => {
    for (const host of ['supabase_inbucket_summit', 'inbucket', 'Supabase_Inbucket_Summit']) {
      expect(smtpEnv({ SMTP_HOST: host, SMTP_PORT: '1025' }, inbox, 'summit')).toEqual({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: '54325',
      })
    }
  })

  it('keeps a server .env names, and sets nothing without an SMTP listener', () => {
    expect(smtpEnv({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465' }, inbox, 'summit')).toEqual({})
    expect(smtpEnv({ SMTP_HOST: 'supabase_inbucket_other' }, inbox, 'summit')).toEqual({})
    expect(smtpEnv({}, undefined, 'summit')).toEqual({})
  })
})
