// The new-password kit other parts of the app receive from their route (features do not import each other):
// the meter, the submit-time check, the preload for focus, and the minimum length.
import { passwordMinLength } from '../schemas/auth.schemas'
import { passwordRefusal, preloadPasswordChecker } from './check-password'
import { PasswordMeter } from './password-meter'

export const passwordTools = {
  PasswordMeter,
  passwordRefusal,
  preloadPasswordChecker,
  passwordMinLength,
}
