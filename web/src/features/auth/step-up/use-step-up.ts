// useStepUp().guard(act): runs a destructive act and, when the database (aal2_required) or Auth (insufficient_aal)
// asks for a second factor, opens the shared step-up dialog and retries the act once after the user confirms.
// Cancelling rejects with the original error. The hook lives in the shared layer (lib/step-up) so every feature can
// use it; this is its home in the auth feature, next to the provider and dialog.
export { StepUpContext, useStepUp, type StepUp } from '@/lib/step-up'
