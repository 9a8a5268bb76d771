export * from './trpc/index.ts'
export { createRestHandler, isRestPath, pageRequest, pageResponse, MAX_PAGE_SIZE } from './rest/index.ts'
export { requestMeta, isCrossSite } from './request-meta.ts'
export { createMeridianClient } from './client.ts'
