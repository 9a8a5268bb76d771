import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  // Workspace packages are TypeScript sources; on the server they load through the same module graph as the
  // HTTP server (tsx), so there is one database client and one DomainError class.
  ssr: { external: ['@meridian/api', '@meridian/core', '@meridian/db', '@meridian/auth', '@meridian/validators'] },
  server: { port: 3000 },
})
