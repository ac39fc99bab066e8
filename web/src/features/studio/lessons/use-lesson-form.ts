// The lesson editor's form: every change is checked against the database's rule for its field and, when valid,
// queued for the row it belongs to (lesson, content or section); a field in error keeps its sentence beside it and
// is not sent. A text or quiz lesson cannot complete by watching, so choosing either also makes completion manual.
// A text lesson's duration follows the reading time of its text until the instructor types one of their own.
import { useEffect } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import type { ZodMiniType } from 'zod/mini'
import type { LessonKind } from '../api/curriculum.api'
import type { LessonBundle } from './lesson.api'
import {
  durationSchema,
  lessonBodySchema,
  lessonTitleSchema,
  releaseAtSchema,
  releaseModeOf,
  releaseOffsetSchema,
  thresholdPercentSchema,
  toLocalInput,
  type ReleaseMode,
} from './lesson.schemas'
import { followsEstimate, readingTimeSeconds } from './reading-time'
import type { useLessonAutosave } from './use-lesson-autosave'

export interface LessonFormValues {
  title: string
  kind: LessonKind
  is_preview: boolean
  completion_rule: 'manual' | 'video'
  threshold: string
  duration: string
  body_md: string
  release_mode: ReleaseMode
  release_offset: string
  release_at: string
}

export function valuesOf(bundle: LessonBundle): LessonFormValues {
  const { lesson, content, section } = bundle
  return {
    title: lesson.title,
    kind: lesson.kind,
    is_preview: lesson.is_preview,
    completion_rule: lesson.completion_rule,
    threshold: String(Math.round(lesson.completion_threshold * 100)),
    duration: String(lesson.duration_s),
    body_md: content.body_md,
    release_mode: releaseModeOf(section),
    release_offset: String(section.release_offset_days ?? 0),
    release_at: toLocalInput(section.release_at),
  }
}

type Autosave = Pick<ReturnType<typeof useLessonAutosave>, 'editLesson' | 'editContent' | 'editSection'>

const lessonRules: Partial<Record<keyof LessonFormValues, [ZodMiniType<unknown, string>, string]>> = {
  title: [lessonTitleSchema, 'title'],
  threshold: [thresholdPercentSchema, 'completion_threshold'],
  duration: [durationSchema, 'duration_s'],
}

export function useLessonForm(bundle: LessonBundle) {
  return useForm<LessonFormValues>({ defaultValues: valuesOf(bundle) })
}

/** Sends each valid change of the form to the queue of the row it belongs to. */
export function useLessonFormAutosave(form: UseFormReturn<LessonFormValues>, autosave: Autosave) {
  const { subscribe, setError, clearErrors, setValue, getValues } = form
  const { editLesson, editContent, editSection } = autosave

  useEffect(() => {
    // The text the duration was last estimated from: a duration equal to its estimate is still the estimate.
    let estimatedFrom = getValues('body_md')

    /** A text lesson whose duration is unset or the estimate gets the new text's reading time. */
    function estimateReadingTime(values: LessonFormValues) {
      const previous = estimatedFrom
      estimatedFrom = values.body_md
      if (values.kind !== 'text' || !followsEstimate(values.duration, previous)) return
      const seconds = readingTimeSeconds(values.body_md)
      if (String(seconds) === values.duration.trim()) return
      setValue('duration', String(seconds))
      clearErrors('duration')
      editLesson({ duration_s: seconds })
    }

    /** The parsed value, or undefined after putting the rule's sentence next to the field. */
    function check<T>(name: keyof LessonFormValues, rule: ZodMiniType<T, string>, value: string): T | undefined {
      const parsed = rule.safeParse(value)
      if (!parsed.success) {
        setError(name, { message: parsed.error.issues[0]?.message ?? 'Check this field.' })
        return undefined
      }
      clearErrors(name)
      return parsed.data
    }

    function release(values: LessonFormValues) {
      clearErrors(['release_offset', 'release_at'])
      if (values.release_mode === 'immediate') return editSection({ release_offset_days: null, release_at: null })
      if (values.release_mode === 'offset') {
        const days = check('release_offset', releaseOffsetSchema, values.release_offset)
        if (days !== undefined) editSection({ release_offset_days: days, release_at: null })
        return
      }
      const at = check('release_at', releaseAtSchema, values.release_at)
      if (at !== undefined) editSection({ release_at: at, release_offset_days: null })
    }

    return subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        if (!name) return
        const field = name as keyof LessonFormValues
        const rule = lessonRules[field]
        if (rule) {
          const value = check(field, rule[0], values[field] as string)
          if (value !== undefined) editLesson({ [rule[1]]: value })
        } else if (field === 'kind') {
          // Text and quiz lessons never complete by watching: a quiz completes by passing, which the database
          // records through the same path as a manual tick.
          if (values.kind !== 'video' && values.completion_rule !== 'manual') {
            setValue('completion_rule', 'manual')
          }
          editLesson(values.kind === 'video' ? { kind: 'video' } : { kind: values.kind, completion_rule: 'manual' })
        } else if (field === 'is_preview') editLesson({ is_preview: values.is_preview })
        else if (field === 'completion_rule') editLesson({ completion_rule: values.completion_rule })
        else if (field === 'body_md') {
          const body = check('body_md', lessonBodySchema, values.body_md)
          if (body !== undefined) editContent({ body_md: body })
          if (body !== undefined) estimateReadingTime(values)
        } else if (field.startsWith('release_')) release(values)
      },
    })
  }, [subscribe, setError, clearErrors, setValue, getValues, editLesson, editContent, editSection])
}
