// Social sign-in: the buttons for the sign-in and sign-up pages, and the end of the flow for /auth/callback.
export { SocialSignIn } from './components/social-sign-in'
export { useSocialCallback } from './use-social-callback'
export { isSocialReturn } from './api/social.api'
