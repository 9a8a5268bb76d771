export * from './public-address.ts'
export * from './download.ts'
