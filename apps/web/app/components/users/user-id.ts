import { DomainError, USER_NOT_FOUND_MESSAGE } from '@meridian/core'
import { parseRecordId } from '@meridian/validators'

/** The :id of a users route; anything that cannot name a record is an unknown user. */
export function userId(raw: string | undefined): number {
  const id = parseRecordId(raw)
  if (id === null) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE)
  return id
}
