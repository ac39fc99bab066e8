// /auth/forgot: ask for a password reset link. The confirmation reads the same whether or not the
// address has an account.
import { useEffect, useRef, useState } from 'react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card'
import { ForgotForm } from '@/features/auth/components/forgot-form'
import { Alert } from '@/components/ui/alert'

export const Route = createFileRoute('/auth/forgot')({
  head: () => ({ meta: [{ title: 'Reset your password · Summit' }] }),
  component: ForgotPage,
})

function ForgotPage() {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sentTo) headingRef.current?.focus()
  }, [sentTo])

  return (
    <AuthCard
      title={sentTo ? 'Check your inbox' : 'Reset your password'}
      headingRef={headingRef}
      description={
        sentTo ? null : "Enter your account's email address and we'll send you a link to choose a new password."
      }
      footer={
        <Link to="/auth/sign-in" className={authLinkClass}>
          Back to sign in
        </Link>
      }
    >
      {sentTo ? (
        <Alert tone="success">
          If an account exists for <strong className="font-medium">{sentTo}</strong>, we've sent it a link to reset the
          password. The link expires in an hour.
        </Alert>
      ) : (
        <ForgotForm onSent={setSentTo} />
      )}
    </AuthCard>
  )
}
