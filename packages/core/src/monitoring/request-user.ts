/**
 * Who made a request, noted by the code that already resolved the bearer token or session (REST, tRPC, the media
 * files, the Remix loaders), so the request's log line names the user without a second lookup. Keyed by the node
 * request object; forgotten with it.
 */
const users = new WeakMap<object, number>()

export function noteRequestUser(request: object, userId: number): void {
  users.set(request, userId)
}

export function requestUserOf(request: object): number | null {
  return users.get(request) ?? null
}
