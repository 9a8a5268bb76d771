/** The error catalogue (spec 1 §8), shared by every screen and transport. Browser-safe. */

export const STATUS_MESSAGES = {
  401: 'Your session has expired. Please log in again.',
  403: "You don't have permission to perform this action.",
  404: 'The requested resource was not found.',
  400: 'Please check your input and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error occurred. Our team has been notified.',
} as const

/**
 * The detail of a 503 when the database is down, restarting or too busy (the spec is silent; decision 018).
 * Screens still show the catalogue's 500-and-above text.
 */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few seconds.'

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

/** 404 wording for user actions (spec 1 §8: 'The requested resource was not found.' or 'user'). */
export const USER_NOT_FOUND_MESSAGE = 'The requested user was not found.'

/** Connectivity texts (spec 1 §8): the error when offline or on another network failure, and the two toasts. */
export const CONNECTIVITY_MESSAGES = {
  offline: 'You appear to be offline. Please check your internet connection.',
  networkError: 'Network error occurred. Please try again.',
  restoredToast: 'Connection restored!',
  offlineToast: 'You are now offline. Some features may not work.',
} as const

/** The server's own message in an error body: its error, message or detail field (first non-empty text). */
export function serverMessageOf(body: unknown): string | null {
  // A short plain-text body is the message; an HTML error page is not.
  if (typeof body === 'string') return body.trim() && body.length <= 500 && !body.trimStart().startsWith('<') ? body.trim() : null
  if (!body || typeof body !== 'object') return null
  const record = body as Record<string, unknown>
  for (const key of ['error', 'message', 'detail'] as const) {
    const value = record[key]
    if (typeof value === 'string' && value.trim()) return value
    if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
      return (value as { message: string }).message
    }
  }
  return null
}

/** User management texts (3-back-office.md §2.5, §5, §6, §8). */
export const USER_MANAGEMENT_MESSAGES = {
  accessDenied: 'Access Denied',
  superadminRequired: 'Superadmin role required for user management.',
  authenticationRequired: 'Authentication Required',
  loginRequired: 'Please log in to access user management.',
  adminRequired: 'Admin or superadmin role required.',
  loadFailed: 'Failed to load user data',
  bulkFailed: (action: string) => `Failed to ${action} users`,
  deactivateFailed: 'Failed to deactivate user',
  saveFailed: 'Failed to save user',
  confirmDeactivate: (username: string) => `Are you sure you want to deactivate ${username}?`,
  noUsers: 'No users found',
  hintFiltered: 'Try adjusting your filters',
  hintEmpty: 'Get started by creating a new user',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  lastSuperadmin: 'At least one active superadmin must remain.',
  superadminOnly: 'Only a superadmin can grant or remove the superadmin role or the superuser flag.',
  unknownRole: (id: number | string) => `Invalid pk "${id}" - object does not exist.`,
  unknownUsers: (ids: readonly number[]) => `Unknown user ids: ${ids.join(', ')}.`,
  noUsersSelected: 'Select at least one user.',
} as const

/** Roles calls' texts. */
export const ROLE_MESSAGES = {
  builtIn: 'Built-in roles cannot be renamed or deleted.',
  inUse: (n: number) => `This role is held by ${n} user${n === 1 ? '' : 's'}; give them another role first.`,
  nameTaken: 'A role with this name already exists.',
  unknownPermission: (p: string) => `"${p}" is not a valid permission.`,
} as const

/** Media library texts (spec 2 §2, §8) and the server's per-file upload reasons. */
export const MEDIA_MESSAGES = {
  authTitle: 'Authentication Required',
  authBody: 'Please log in to access media management.',
  deniedTitle: 'Access Denied',
  deniedBody: "You don't have permission to manage media.",
  loadFailed: 'Failed to load media',
  uploadFailed: 'Upload failed',
  deleteFailed: 'Failed to delete media',
  bulkDeleteFailed: 'Failed to delete selected media',
  reprocessFailed: 'Failed to reprocess media',
  saveFailed: 'Failed to save media',
  confirmDelete: 'Are you sure you want to delete this media?',
  confirmBulkDelete: (n: number) => `Delete ${n} selected media items?`,
  tooManyFiles: (n: number) => `Cannot upload more than ${n} files total`,
  /** Media screen. */
  uploadedScreen: (ok: number, failed: number) => `${ok} files uploaded, ${failed} failed.`,
  /** Embedded manager. */
  uploadedEmbedded: (ok: number, failed: number) => `${ok} files uploaded successfully, ${failed} failed`,
  sizeNote: 'maximum 100MB per file',
  emptyFile: 'The submitted file is empty.',
  unsupportedType: 'Unsupported file type. Allowed: JPG, PNG, GIF, WebP, MP4, MOV, AVI, WebM.',
  fileTooLarge: 'File is larger than 100 MB.',
  interrupted: 'The upload was interrupted before the file was complete.',
  malformedUpload: 'The upload could not be read: the form data was incomplete or malformed. Nothing was stored.',
  storageUnavailable: 'File storage is unavailable. Please try again later.',
  tooManyInRequest: (n: number) => `No more than ${n} files can be sent in one upload.`,
  noFiles: 'No files were submitted.',
  notReprocessable: 'Only failed or pending media can be reprocessed.',
  notFound: 'Media not found.',
} as const

/** Catalogue screens and calls (2-catalogue-content.md §2, §8). */
export const CATALOGUE_MESSAGES = {
  destinationsLogin: 'Please log in to access destination management.',
  destinationsDenied: "Access denied. You don't have permission to manage destinations.",
  locationsLogin: 'Please log in to access location management.',
  locationsDenied: "Access denied. You don't have permission to manage locations.",
  suppliersLogin: 'Please log in to access supplier management.',
  suppliersDeniedTitle: 'Access Denied',
  suppliersDenied: "You don't have permission to access supplier management.",
  suppliersRequired: 'Required: superadmin, admin, or expert',
  suppliersLoadFailed: 'Failed to fetch suppliers',
  supplierDeleteFailed: 'Failed to delete supplier',
  supplierSaveFailed: 'Failed to save supplier',
  destinationsLoadFailed: 'Failed to load destinations',
  confirmDeleteDestination: 'Are you sure you want to delete this destination?',
  confirmDeleteLocation: 'Are you sure you want to delete this location?',
  confirmDeleteSupplier: 'Are you sure you want to delete this supplier?',
  destinationNotFound: 'The requested destination was not found.',
  locationNotFound: 'The requested location was not found.',
  supplierNotFound: 'The requested supplier was not found.',
  supplierUnknownCountry: 'Select a valid country.',
  supplierInactiveCountry: (name: string) => `${name} is not an active country.`,
} as const

/** Activity Management (2-catalogue-content.md §2, §8). */
export const ACTIVITY_MESSAGES = {
  loginTitle: 'Authentication Required',
  login: 'Please log in to access activity management.',
  deniedTitle: 'Access Denied',
  denied: "You don't have permission to manage activities.",
  loadFailed: 'Failed to load data',
  listFailed: 'Failed to load activities',
  deleteFailed: 'Failed to delete activity',
  createFailed: 'Failed to create activity: ',
  updateFailed: 'Failed to update activity: ',
  unknownError: 'Unknown error',
  confirmDelete: 'Are you sure you want to delete this activity? This action cannot be undone.',
  notFound: 'The requested activity was not found.',
  supplierOtherCountry: "This supplier works in another country than the activity's location.",
  locationOtherCountry: 'This location is not in the chosen country.',
  unknownSupplier: 'Select a valid supplier.',
  unknownLocation: 'Select a valid location.',
  unknownCountry: 'Select a valid country.',
  unknownCurrency: 'Select a valid currency.',
  noTierCovers: (n: number, ranges: string) => `No pricing tier covers a group of ${n}. The tiers cover ${ranges}.`,
  tooManyParticipants: (max: number) => `This activity takes at most ${max} participant${max === 1 ? '' : 's'}.`,
  notAvailableOn: (day: string) => `This activity is not available on ${day}s.`,
  noPrice: 'This activity has no price set.',
  unknownMedia: (kind: string, ids: number[]) => `Unknown ${kind} ids: ${ids.join(', ')}.`,
  wrongMediaType: (kind: string, ids: number[]) => `These media items are not ${kind}s: ${ids.join(', ')}.`,
} as const

/** Currency Management (3-back-office.md §5, §6, §8). */
export const CURRENCY_MESSAGES = {
  login: 'Please log in to access currency management.',
  deniedTitle: 'Access denied...',
  denied: "You don't have permission to manage currencies. Only admins and superadmins can access this page.",
  loadFailed: 'Failed to load currency data: ',
  deleteFailed: 'Failed to delete currency: ',
  rateDeleteFailed: 'Failed to delete conversion rate: ',
  settingsSaveFailed: 'Failed to save currency settings: ',
  rateSaveFailed: 'Failed to save conversion rate: ',
  currencySaveFailed: 'Failed to save currency',
  unknownError: 'Unknown error',
  confirmDeleteCurrency: 'Are you sure you want to delete this currency? This action cannot be undone.',
  confirmDeleteRate: 'Are you sure you want to delete this conversion rate?',
  currencyNotFound: 'The requested currency was not found.',
  rateNotFound: 'The requested conversion rate was not found.',
  unknownCurrency: 'Select a valid currency.',
  sameCurrencyText: 'From and To currencies cannot be the same',
  inactiveCurrency: (code: string) => `${code} is not an active currency.`,
  codeTaken: (code: string) => `A currency with code ${code} already exists.`,
  baseNotDeletable: 'The base currency cannot be deleted. Make another currency the base first.',
  baseStaysActive: 'The base currency must stay active. Make another currency the base first.',
  oneBase: 'There must be exactly one base currency: make another currency the base instead.',
  rateExists: 'An active or inactive rate for this pair already exists on this effective date; edit that rate instead.',
  noRate: (from: string, to: string, date: string) =>
    `No conversion rate from ${from} to ${to} is in force on ${date} (no direct or inverse rate, and none through the base currency).`,
  autoNeedsProvider: 'Automatic updates need a provider that downloads rates: choose ecb and give its address.',
  providerNeedsUrl: 'The ecb provider needs the address of its rates file.',
  providerFailed: (label: string, reason: string) => `${label} failed: ${reason} The current rates were left unchanged.`,
  noProvider: 'No rate provider is configured. Choose one in the currency settings.',
} as const

/** Transfers screen (3-back-office.md §2.4, §5, §8). */
export const TRANSFER_MESSAGES = {
  signIn: 'Sign in required',
  denied: "You don't have permission to manage transfers. Only superadmins, admins and experts can access this page.",
  saveFailed: 'Failed to save transfer',
  loadFailed: 'Failed to load transfers',
  confirmDelete: 'Delete this transfer?',
  notFound: 'The requested transfer was not found.',
  locationOutsideCountry: 'This location is not in the chosen country.',
} as const

/** Trips, trip requests and assignments (1-platform-core.md §2, §8; docs/trips.md). */
export const TRIP_MESSAGES = {
  submitted: 'Trip request submitted successfully! An expert will be assigned to help plan your perfect trip.',
  submitFailed: 'Failed to submit trip request. Please try again.',
  notFound: 'The requested trip was not found.',
  assignmentNotFound: 'The requested assignment was not found.',
  travelersOnly: 'Only travelers can request trips.',
  denied: "You don't have permission to perform this action.",
  notAssigned: 'Only the expert assigned to this trip can do that.',
  expertInvalid: 'Select an active expert.',
  closed: (status: string) => `A ${status} trip can no longer be changed.`,
  illegalMove: (from: string, to: string) => `A trip cannot move from ${from} to ${to}.`,
  moveDenied: (from: string, to: string) => `You cannot move this trip from ${from} to ${to}.`,
  assignmentAnswered: (status: string) => `This assignment was already ${status}.`,
  ratingOnlyCompleted: 'Only a completed trip can be rated.',
  alreadyRated: 'This trip has already been rated.',
  loadFailed: 'Failed to load trips',
  created: (title: string) => `Trip "${title}" created.`,
  saved: (title: string) => `Trip "${title}" saved.`,
} as const
