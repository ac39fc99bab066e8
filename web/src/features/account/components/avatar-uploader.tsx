// Choose, upload and remove the profile picture. The file is checked against the bucket's rules
// first, uploaded with a visible progress bar, then saved as the profile's avatar_path.
import { useId, useState, type ChangeEvent } from 'react'
import { ImageUp } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { avatarPath, uploadAvatar } from '../api/avatar-upload'
import type { Profile } from '../api/profile.api'
import { useUpdateProfile } from '../api/profile.mutations'
import { avatarRules, checkAvatarFile } from '../schemas/avatar.schemas'
import { UserAvatar } from './user-avatar'

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number; fileName: string }
  | { status: 'done'; fileName: string }
  | { status: 'removed' }
  | { status: 'error'; message: string }

export function AvatarUploader({ profile }: { profile: Profile }) {
  const inputId = useId()
  const [state, setState] = useState<UploadState>({ status: 'idle' })
  const updateProfile = useUpdateProfile(profile.id)
  const busy = state.status === 'uploading' || updateProfile.isPending

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    // Reset so choosing the same file again fires another change event.
    event.target.value = ''
    if (!file) return
    const problem = checkAvatarFile(file)
    if (problem) return setState({ status: 'error', message: problem })

    setState({ status: 'uploading', percent: 0, fileName: file.name })
    try {
      const { data } = await supabase.auth.getSession()
      if (!data.session) throw new Error('Your session has ended. Sign in again to upload a picture.')
      const path = await uploadAvatar({
        accessToken: data.session.access_token,
        path: avatarPath(profile.id, file.name),
        file,
        onProgress: (percent) => setState({ status: 'uploading', percent, fileName: file.name }),
      })
      const previous = profile.avatar_path
      await updateProfile.mutateAsync({ avatar_path: path })
      // Best effort: a failed clean-up only leaves an unused file in the user's own folder.
      if (previous && previous !== path) void supabase.storage.from('avatars').remove([previous])
      setState({ status: 'done', fileName: file.name })
    } catch (error) {
      setState({
        status: 'error',
        message: error instanceof Error && error.name === 'UploadError' ? error.message : errorMessage(error),
      })
    }
  }

  async function onRemove() {
    const previous = profile.avatar_path
    try {
      await updateProfile.mutateAsync({ avatar_path: null })
      if (previous) void supabase.storage.from('avatars').remove([previous])
      setState({ status: 'removed' })
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error) })
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar
          name={profile.display_name}
          path={profile.avatar_path}
          version={profile.updated_at}
          alt={profile.avatar_path ? 'Your profile picture' : ''}
          className="size-20 text-2xl"
          size={80}
        />
        <div className="flex flex-wrap gap-2">
          {/* A real file input (keyboard and screen readers reach it), dressed as a button by its label. */}
          <input
            id={inputId}
            type="file"
            accept={avatarRules.types.join(',')}
            className="peer sr-only"
            onChange={onFileChosen}
            disabled={busy}
            aria-describedby={`${inputId}-hint`}
          />
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:bg-slate-100"
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {profile.avatar_path ? 'Change picture' : 'Upload a picture'}
          </label>
          {profile.avatar_path ? (
            <Button variant="ghost" onClick={onRemove} disabled={busy}>
              Remove picture
            </Button>
          ) : null}
        </div>
      </div>
      <p id={`${inputId}-hint`} className="text-sm text-slate-600">
        {avatarRules.hint}
      </p>
      {state.status === 'uploading' || state.status === 'done' ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-3 text-sm text-slate-700">
            <span className="flex min-w-0 items-center gap-2">
              {state.status === 'uploading' ? <Spinner /> : null}
              <span className="truncate">
                {state.status === 'uploading' ? `Uploading ${state.fileName}…` : `Uploaded ${state.fileName}`}
              </span>
            </span>
            <span aria-hidden="true">{state.status === 'uploading' ? Math.round(state.percent) : 100}%</span>
          </div>
          <Progress value={state.status === 'uploading' ? state.percent : 100} aria-label="Upload progress" />
        </div>
      ) : null}
      <div aria-live="polite">
        {state.status === 'done' ? <Alert tone="success">Your new picture is saved.</Alert> : null}
        {state.status === 'removed' ? <Alert tone="success">Your picture was removed.</Alert> : null}
      </div>
      {state.status === 'error' ? (
        <Alert tone="error" title="The picture was not uploaded">
          {state.message}
        </Alert>
      ) : null}
    </div>
  )
}
