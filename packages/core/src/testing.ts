/** Fixtures for tests and benchmarks (not part of the runtime API). */
export * from './media/test-helpers.ts'
export * from './activities/test-helpers.ts'
export * from './payments/fake-stripe.ts'
export * from './documents/read-pdf.ts'
