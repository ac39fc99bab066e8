// Links made from a certificate: its verification page (/c/<code> on this site) and LinkedIn's "Add to profile"
// form prefilled with the certification (name, issuing organisation, issue month and year, URL and id).

export function verificationUrl(code: string, origin: string = window.location.origin): string {
  return `${origin}/c/${encodeURIComponent(code)}`
}

export function linkedInAddUrl(input: {
  courseTitle: string
  schoolName: string
  issuedAt: string
  code: string
  url: string
}): string {
  const issued = new Date(input.issuedAt)
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: input.courseTitle,
    organizationName: input.schoolName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: input.url,
    certId: input.code,
  })
  return `https://www.linkedin.com/profile/add?${params.toString()}`
}
