import type { AppServices } from '@meridian/core'

declare module '@remix-run/node' {
  interface AppLoadContext {
    app: AppServices
    /** Names the signed-in user in this request's log line (server/http-app.ts); absent outside the app server. */
    noteUser?: (userId: number) => void
  }
}

export {}
