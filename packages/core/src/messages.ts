/** The error catalogue (spec 1 §8), shared by every screen and transport. Browser-safe. */

export const STATUS_MESSAGES = {
  401: 'Your session has expired. Please log in again.',
  403: "You don't have permission to perform this action.",
  404: 'The requested resource was not found.',
  400: 'Please check your input and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error occurred. Our team has been notified.',
} as const

export const CODE_MESSAGES = {
  NETWORK_ERROR: 'Connection error. Please check your internet and try again.',
  TIMEOUT: 'Request timed out. Please try again.',
  INVALID_TOKEN: 'Your session is invalid. Please log in again.',
  DEFAULT: 'An unexpected error occurred. Please try again.',
} as const

export const AUTH_MESSAGES = {
  loginFailed: 'Login failed. Please check your credentials.',
  registrationFailed: 'Registration failed. Please try again.',
  profileFailed: 'Failed to fetch user profile.',
  resetFailed: 'Failed to send password reset email.',
  resetSent: 'Password reset email sent successfully.',
  invalidLoginResponse: 'Invalid login response format',
  authenticationRequired: 'Authentication required',
  authenticationExpired: 'Authentication expired',
  sessionExpired: 'Your session has expired. Please login again.',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  bothRequired: 'Please enter both username and password',
  loginSuccessful: 'Login successful!',
  legacyLoginFailed: 'Login failed',
} as const

/** Message for an HTTP status, preferring the server's own text (fields error, message or detail). */
export function messageForStatus(status: number, serverMessage?: string | null): string {
  if (status === 400 || status === 422) return serverMessage || STATUS_MESSAGES[400]
  if (status >= 500) return STATUS_MESSAGES[500]
  if (status in STATUS_MESSAGES) return STATUS_MESSAGES[status as keyof typeof STATUS_MESSAGES]
  return serverMessage || CODE_MESSAGES.DEFAULT
}
