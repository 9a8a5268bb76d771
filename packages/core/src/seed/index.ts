/**
 * The seeds: the demo accounts and the demo world, run by start-up, `npm run seed` and the tests. Kept out of the
 * runtime barrel (`@meridian/core`): the services do not need them.
 */
export * from './demo-users.ts'
export * from './startup-seeds.ts'
export { clearDemoWorld, demoWorldStatus, seedDemoWorld, type DemoWorldCleared, type DemoWorldSeeded, type DemoWorldStatus } from './demo-world.ts'
export * from '../trips/seed-trips.ts'
export * from '../quiz-review/seed-matching.ts'
export * from '../itineraries/seed-itineraries.ts'
export * from '../proposals/seed-proposals.ts'
export * from '../chat/seed-chat.ts'
export * from '../bookings/seed-bookings.ts'
export * from '../bookings/seed-reminders.ts'
export * from '../accommodations/seed-accommodations.ts'
export * from '../wishlist/seed-wishlist.ts'
export * from '../discovery/seed-discovery.ts'
export * from '../analytics/seed-analytics.ts'
