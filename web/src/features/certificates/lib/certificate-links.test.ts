// Unit tests of the links made from a certificate: the verification URL and LinkedIn's prefilled form.
import { describe, expect, it } from 'vitest'
import { linkedInAddUrl, verificationUrl } from './certificate-links'

describe('certificate links', () => {
  it('points the verification URL at /c/<code> on the given origin', () => {
    expect(verificationUrl('ABCDEFGHJK', 'https://summit.example.com')).toBe('https://summit.example.com/c/ABCDEFGHJK')
  })

  it('prefills LinkedIn with the certification name, organisation, month, year, URL and id', () => {
    const url = new URL(
      linkedInAddUrl({
        courseTitle: 'Web Accessibility Basics',
        schoolName: 'Summit Academy',
        issuedAt: '2026-11-18T23:00:00Z',
        code: 'ABCDEFGHJK',
        url: 'https://summit.example.com/c/ABCDEFGHJK',
      }),
    )
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Web Accessibility Basics',
      organizationName: 'Summit Academy',
      issueYear: '2026',
      issueMonth: '11',
      certUrl: 'https://summit.example.com/c/ABCDEFGHJK',
      certId: 'ABCDEFGHJK',
    })
  })
})
