// The /studio/courses/$courseId/lessons/$lessonId screen: the lesson's settings, its text with a preview, its
// video, captions and attachments, and its section's release rule, all autosaved with one visible state. Parts
// owned by other features (a quiz's settings, a video's in-video checks) come from the route through kindPanels.
import { useState, type ReactNode } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronLeft } from 'lucide-react'
import { FormProvider, useWatch } from 'react-hook-form'
import type { LessonKind } from '../api/curriculum.api'
import { AutosaveStatusText, ConflictBanner } from '../components/autosave-status'
import { CourseStatusBadge } from '../components/course-status-badge'
import { EditorSection } from '../components/editor-section'
import type { ContentPatch, LessonBundle } from './lesson.api'
import { lessonQueries } from './lesson.queries'
import { LazyAttachmentsField, LazyCaptionsField, LazyVideoUploadField } from './lazy-media-fields'
import { LessonBodyField } from './lesson-body-field'
import { LessonSettingsFields } from './lesson-settings-fields'
import { ReleaseRuleFields } from './release-rule-fields'
import { useLessonAutosave } from './use-lesson-autosave'
import { useLessonForm, useLessonFormAutosave, valuesOf } from './use-lesson-form'

/** Parts of the editor that other features own (a quiz's settings, a video's checks), by the lesson's kind. */
export type KindPanels = (kind: LessonKind) => ReactNode

interface LessonEditorProps {
  courseId: string
  lessonId: string
  userId: string
  kindPanels?: KindPanels
}

export function LessonEditor({ kindPanels, ...ids }: LessonEditorProps) {
  const { data: bundle } = useSuspenseQuery(lessonQueries.detail(ids))
  // The route answers not-found before rendering; a lesson deleted meanwhile shows nothing rather than crashing.
  if (!bundle) return null
  return <LessonEditorForm key={bundle.lesson.id} bundle={bundle} userId={ids.userId} kindPanels={kindPanels} />
}

function LessonEditorForm({
  bundle,
  userId,
  kindPanels,
}: {
  bundle: LessonBundle
  userId: string
  kindPanels: KindPanels | undefined
}) {
  const form = useLessonForm(bundle)
  // The media fields change in quick succession (two attachments, a video then its captions): each change builds
  // on the last one made here, not on the last one the server has confirmed.
  const [media, setMedia] = useState(bundle.content)
  const autosave = useLessonAutosave(bundle, userId, (fresh) => {
    form.reset(valuesOf(fresh))
    setMedia(fresh.content)
  })
  useLessonFormAutosave(form, autosave)
  const kind = useWatch({ control: form.control, name: 'kind' })
  const title = useWatch({ control: form.control, name: 'title' })
  const { course, lesson, section } = bundle
  const editMedia = (patch: ContentPatch) => {
    setMedia((current) => ({ ...current, ...patch }))
    autosave.editContent(patch)
  }

  return (
    <FormProvider {...form}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <Link
            to="/studio/courses/$courseId"
            params={{ courseId: course.id }}
            hash="curriculum"
            className="inline-flex w-fit items-center gap-1 rounded-md text-sm font-medium text-teal-800 hover:underline"
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            {course.title}
          </Link>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
              {title.trim() || lesson.title}
            </h1>
            <CourseStatusBadge status={course.status} />
          </div>
          <AutosaveStatusText status={autosave.status} error={autosave.error} />
          {autosave.status === 'conflict' ? (
            <ConflictBanner
              subject="lesson"
              onReload={() => void autosave.reload()}
              onOverwrite={() => void autosave.overwrite()}
            />
          ) : null}
        </div>
        <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-6">
          <EditorSection id="lesson-settings" title="Lesson">
            <LessonSettingsFields />
          </EditorSection>
          <EditorSection
            id="lesson-body"
            title={kind === 'video' ? 'Notes' : kind === 'quiz' ? 'Introduction' : 'Text'}
          >
            <LessonBodyField />
          </EditorSection>
          {kind === 'video' ? (
            <EditorSection id="lesson-video" title="Video and captions">
              <LazyVideoUploadField
                courseId={course.id}
                lessonId={lesson.id}
                videoPath={media.video_path}
                captionsPath={media.captions_path}
                onUploaded={(path, durationS) => {
                  editMedia({ video_path: path })
                  if (durationS !== null) {
                    form.setValue('duration', String(durationS))
                    autosave.editLesson({ duration_s: durationS })
                  }
                }}
              />
              <LazyCaptionsField
                courseId={course.id}
                lessonId={lesson.id}
                captionsPath={media.captions_path}
                onChange={(path) => editMedia({ captions_path: path })}
              />
            </EditorSection>
          ) : null}
          <EditorSection id="lesson-attachments" title="Attachments">
            <LazyAttachmentsField
              courseId={course.id}
              lessonId={lesson.id}
              attachments={media.attachments}
              onChange={(attachments) => editMedia({ attachments })}
            />
          </EditorSection>
          <EditorSection id="lesson-release" title="Release">
            <ReleaseRuleFields sectionTitle={section.title} />
          </EditorSection>
        </form>
        {/* Outside the form: the panels are forms of their own. */}
        {kindPanels?.(kind)}
      </div>
    </FormProvider>
  )
}
