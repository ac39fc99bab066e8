// The lesson editor's file fields, one chunk (lazy-media-fields.tsx): the video with its resumable upload, the
// captions and the attachments.
export { AttachmentsField } from './attachments-field'
export { CaptionsField } from './captions-field'
export { VideoUploadField } from './video-upload-field'
