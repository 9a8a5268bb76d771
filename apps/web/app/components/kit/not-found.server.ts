import { DomainError } from '@meridian/core'

/**
 * A service error in a modal's loader: an unknown record is the 404 page; a missing permission is a 403 with the
 * service's own text; anything else goes on to the error screen.
 */
export function notFoundResponse(error: unknown): never {
  if (error instanceof DomainError && error.code === 'not_found') throw new Response(error.message, { status: 404 })
  if (error instanceof DomainError && error.code === 'forbidden') throw new Response(error.message, { status: 403 })
  throw error
}
