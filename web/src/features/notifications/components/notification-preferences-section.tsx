// /account's "Notifications": per kind, whether it shows in the app (the bell, /notifications) and whether it is
// emailed. Each tick saves at once (optimistically, put back if the save fails). Emails about signing in and other
// account security are not listed: they are always sent. The account route loads it after the page, so it brings
// itself into view when the address asks for it (#notification-preferences, linked from the bell and unsubscribe).
import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import type { NotificationSetting } from '../api/notifications.api'
import { notificationQueries, useSaveNotificationSetting } from '../api/notifications.queries'
import { kindLabel } from '../lib/kind-labels'

export function NotificationPreferencesSection({ userId }: { userId: string }) {
  const settings = useQuery(notificationQueries.settings(userId))
  const save = useSaveNotificationSetting(userId)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (window.location.hash === '#notification-preferences') heading.current?.scrollIntoView()
  }, [])

  const change = (setting: NotificationSetting) => save.mutate(setting)

  return (
    <section aria-labelledby="notification-preferences" className="flex flex-col gap-3">
      <h2 ref={heading} id="notification-preferences" className="scroll-mt-20 text-xl font-semibold text-slate-900">
        Notifications
      </h2>
      <p className="text-slate-600">
        Choose what reaches you in the app and by email. Emails about signing in and your account's security are always
        sent.
      </p>
      {settings.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading your notification preferences…
          </p>
          <Skeleton className="h-48 w-full rounded-xl" />
        </>
      ) : settings.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
          <p>Your notification preferences could not be loaded. {errorMessage(settings.error)}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <table className="w-full table-fixed border-collapse rounded-xl text-sm">
          <caption className="sr-only">Notification preferences by kind and channel</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="py-2 pr-2 font-medium">
                Kind
              </th>
              <th scope="col" className="w-20 py-2 text-center font-medium sm:w-24">
                In the app
              </th>
              <th scope="col" className="w-20 py-2 text-center font-medium sm:w-24">
                By email
              </th>
            </tr>
          </thead>
          <tbody>
            {settings.data.map((setting) => (
              <tr key={setting.kind} className="border-b border-slate-100">
                <th scope="row" className="break-words py-3 pr-2 text-left font-normal text-slate-900">
                  {kindLabel(setting.kind)}
                </th>
                <td className="py-3 text-center">
                  <Checkbox
                    aria-label={`${kindLabel(setting.kind)} in the app`}
                    checked={setting.app}
                    onCheckedChange={(checked) => change({ ...setting, app: checked === true })}
                  />
                </td>
                <td className="py-3 text-center">
                  <Checkbox
                    aria-label={`${kindLabel(setting.kind)} by email`}
                    checked={setting.email}
                    onCheckedChange={(checked) => change({ ...setting, email: checked === true })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Your choice was not saved. {errorMessage(save.error)}
        </p>
      ) : save.isSuccess ? (
        <p role="status" className="text-sm text-slate-600">
          Saved.
        </p>
      ) : null}
    </section>
  )
}
