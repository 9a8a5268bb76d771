export * from './roles.ts'
export * from './users.ts'
export * from './auth.ts'
export * from './mail.ts'
