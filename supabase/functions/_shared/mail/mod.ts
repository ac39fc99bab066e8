// The functions' one mail module: render an email in Summit's layout (render.ts), render what people wrote safely
// (markdown.ts), and send it over SMTP (smtp.ts). Import from here.
export { escapeHtml, oneLine, safeUrl } from './escape.ts'
export { markdownToHtml } from './markdown.ts'
export { schoolOfCourse } from './school.ts'
export {
  type EmailBlock,
  type EmailContent,
  type EmailSchool,
  type RenderedEmail,
  renderEmail,
  SUMMIT_ACCENT,
  textOn,
} from './render.ts'
export {
  DEFAULT_SENDER,
  envSender,
  messageOf,
  type SendEmail,
  sendEmail,
  type SmtpConfig,
  smtpConfig,
  smtpSender,
  type SmtpSettings,
} from './smtp.ts'
