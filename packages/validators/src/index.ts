export * from './auth.ts'
export * from './quiz.ts'
export * from './preferences.ts'
export * from './monitoring.ts'
