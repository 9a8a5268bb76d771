export * from './auth.ts'
