export * from './weights.ts'
export * from './rank.ts'
export * from './candidates.ts'
