// The /account screen: a profile picture card and the profile form, read from the profile query the
// route's loader prefetched.
import { useSuspenseQuery } from '@tanstack/react-query'
import { Alert } from '@/components/ui/alert'
import { profileQueries } from '../api/profile.queries'
import { LazyAvatarUploader } from './lazy-avatar-uploader'
import { ProfileForm } from './profile-form'

interface AccountPageProps {
  userId: string
  email: string | undefined
  passwordChanged?: boolean | undefined
}

export function AccountPage({ userId, email, passwordChanged }: AccountPageProps) {
  const { data: profile } = useSuspenseQuery(profileQueries.detail(userId))

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Your account</h1>
        {email ? <p className="break-all text-slate-600">Signed in as {email}</p> : null}
      </div>
      {passwordChanged ? <Alert tone="success">Your new password is saved. You're signed in.</Alert> : null}
      <AccountSection title="Profile picture">
        <LazyAvatarUploader profile={profile} />
      </AccountSection>
      <AccountSection title="Profile">
        <ProfileForm profile={profile} />
      </AccountSection>
    </div>
  )
}

function AccountSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  )
}
