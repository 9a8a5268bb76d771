export * from './permissions.ts'
export * from './password.ts'
export * from './tokens.ts'
export * from './sessions.ts'
