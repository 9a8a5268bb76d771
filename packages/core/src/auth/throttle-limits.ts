/**
 * Every figure of sign-in and password-reset throttling, in this one place (docs/security.md repeats them).
 * Windows are rolling: "in 15 minutes" means the 15 minutes before the attempt.
 */
export const SIGN_IN_LIMITS = {
  windowMinutes: 15,
  /** Failures for one account from one address; a success from that address clears them. */
  perAccountAndAddress: 5,
  /** Failures from one address, whatever the account. */
  perAddress: 100,
  /** Failures for one account from all addresses together: past it, only known addresses may try. */
  perAccount: 20,
  /** An address is known for an account when it signed in to it (or reset its password) in these days. */
  knownAddressDays: 30,
  /** At most one mail to the owner about the ceiling in this many hours. */
  noticeHours: 24,
} as const

export const PASSWORD_RESET_LIMITS = {
  /** Reset requests from one address in `addressWindowMinutes`; past it, 429. */
  perAddress: 10,
  addressWindowMinutes: 15,
  /** Reset mails to one e-mail address in `emailWindowMinutes` (a link lives 60 minutes); past it, no more mail. */
  perEmail: 3,
  emailWindowMinutes: 60,
} as const

/** Advisory lock classes (two-key form, apart from the one-key locks of migrations and roles). */
export const THROTTLE_LOCKS = {
  signInAccount: 7_260_420,
  resetEmail: 7_260_422,
  resetAddress: 7_260_423,
} as const
