// Sends an email over SMTP with nodemailer: one connection per email (a function instance sends a few at most),
// with short timeouts so a mail server that does not answer is a prompt 502, not a request that hangs.
// @ts-types="@types/nodemailer"
import nodemailer from 'nodemailer'
import type { SendEmail } from './notify.ts'
import type { SmtpSettings } from './settings.ts'

export function smtpMailer(settings: SmtpSettings): SendEmail {
  return async (email) => {
    const transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.auth,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })
    try {
      await transport.sendMail({
        from: settings.sender,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      })
    } finally {
      transport.close()
    }
  }
}
