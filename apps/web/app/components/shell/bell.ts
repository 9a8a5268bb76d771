/** Notifications the dropdown shows (the page lists them all). */
export const BELL_SIZE = 8
