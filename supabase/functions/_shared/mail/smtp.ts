// Sending: the SMTP server from the function's environment (SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS,
// SMTP_SENDER; the local stack points host and port at its inbox), and nodemailer over it, one connection per email
// (a function sends a few at most) with short timeouts, so a mail server that does not answer is a prompt failure,
// not a request that hangs.
// @ts-types="@types/nodemailer"
import nodemailer from 'nodemailer'
import type { RenderedEmail } from './render.ts'

export interface SmtpSettings {
  host: string
  port: number
  /** Implicit TLS from the first byte (port 465); on other ports STARTTLS is used when the server offers it. */
  secure: boolean
  auth: { user: string; pass: string } | undefined
  /** The From header, e.g. `Summit <no-reply@summit.example>`. */
  sender: string
}

export type SmtpConfig = { settings: SmtpSettings } | { problem: string }

/** The From address when SMTP_SENDER is not set: the one config.toml gives Auth's emails ([local_smtp]). */
export const DEFAULT_SENDER = 'Summit <no-reply@summit.example>'

export function smtpConfig(env: (name: string) => string | undefined): SmtpConfig {
  const host = env('SMTP_HOST')?.trim() ?? ''
  const portText = env('SMTP_PORT')?.trim() ?? ''
  if (host === '' || portText === '') return { problem: 'SMTP_HOST and SMTP_PORT are not both set' }
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    return { problem: `SMTP_PORT is not a port number: "${portText}"` }
  }
  const user = env('SMTP_USER') ?? ''
  return {
    settings: {
      host,
      port,
      secure: port === 465,
      auth: user === '' ? undefined : { user, pass: env('SMTP_PASS') ?? '' },
      sender: env('SMTP_SENDER')?.trim() || DEFAULT_SENDER,
    },
  }
}

/** Sends one rendered email; rejects when the server refuses it or does not answer in time. */
export type SendEmail = (email: RenderedEmail) => Promise<void>

/** nodemailer's message: From, To, Subject, the text and HTML parts (multipart/alternative) and extra headers. */
export function messageOf(settings: Pick<SmtpSettings, 'sender'>, email: RenderedEmail) {
  return {
    from: settings.sender,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
  }
}

/** Sends one rendered email over SMTP. */
export async function sendEmail(settings: SmtpSettings, email: RenderedEmail): Promise<void> {
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
    await transport.sendMail(messageOf(settings, email))
  } finally {
    transport.close()
  }
}

/** A sender bound to these settings, for code that takes a SendEmail. */
export function smtpSender(settings: SmtpSettings): SendEmail {
  return (email) => sendEmail(settings, email)
}

/** The sender from the function's environment, or the problem that stops it (logged by the caller). */
export function envSender(env: (name: string) => string | undefined = (name) => Deno.env.get(name)):
  | { send: SendEmail }
  | { problem: string } {
  const config = smtpConfig(env)
  return 'settings' in config ? { send: smtpSender(config.settings) } : { problem: config.problem }
}
