// The roster's words for enrollment sources and statuses (Invited: a pending invitation the person has not accepted
// yet). Durations and dates come from the app's one formatter (@/lib/format).
export const sourceLabels = {
  open: 'Open',
  invite: 'Invite link',
  code: 'Access code',
  manual: 'Added by email',
} as const
export const statusLabels = {
  invited: 'Invited',
  active: 'Active',
  completed: 'Completed',
  removed: 'Removed',
} as const
