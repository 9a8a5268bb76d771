import { DomainError, USER_NOT_FOUND_MESSAGE } from '@meridian/core'

/** The :id of a users route; anything but digits is an unknown user. */
export function userId(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE)
  return Number(raw)
}
