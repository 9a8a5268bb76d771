/**
 * The header by which the service worker keeps an answer offline (public/sw.js, docs/traveler-app.md): sent only to
 * the trip's own traveler, with the approved version of the trip's itinerary (0 before there is one).
 */
export const OFFLINE_MARK = 'X-Meridian-Offline'

export const offlineMark = (tripId: number, version: number) => `trip-${tripId}-v${version}`
