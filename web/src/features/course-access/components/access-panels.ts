// The learners page's access tabs in one module, so that they load as one chunk (./lazy-access-panels).
export { AccessCodesPanel } from './access-codes-panel'
export { CohortsPanel } from './cohorts-panel'
export { EventsPanel } from './events-panel'
export { InvitesPanel } from './invites-panel'
