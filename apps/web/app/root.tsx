import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import '@mantine/dropzone/styles.css'
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import './load-context.ts'
import { currentSession } from './utils/auth.server.ts'
import { readFlash } from './utils/flash.server.ts'
import { cssVariablesResolver, theme } from './theme.ts'
import { Connectivity } from './components/connectivity.tsx'
import { useNonce } from './utils/nonce.tsx'

export const meta: MetaFunction = () => [{ title: 'Meridian Travel' }]
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icon-192.png' },
]

/**
 * The service worker (public/sw.js, docs/traveler-app.md) is registered once the page has loaded, by these few
 * inline bytes: nothing of it is in the first-load JavaScript.
 */
const REGISTER_WORKER = "if('serviceWorker' in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js',{scope:'/'}).catch(function(){})})"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { flash, headers } = await readFlash(request)
  // Keep the cookie's expiry in step with the session, which is extended while it is used.
  const session = await currentSession(request, context)
  if (session?.cookie) headers.append('Set-Cookie', session.cookie)
  return data(
    { flash, supportEmail: context.app.config.supportEmail, showErrorDetails: !context.app.config.production },
    { headers },
  )
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#087f5b" />
        <ColorSchemeScript defaultColorScheme="auto" nonce={nonce} />
        <Meta />
        <Links />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: REGISTER_WORKER }} />
      </head>
      <body>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
          <Notifications position="top-right" limit={20} />
          <Connectivity />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { flash } = useLoaderData<typeof loader>()
  useEffect(() => {
    if (flash) notifications.show({ message: flash.message, color: flash.type === 'error' ? 'red' : 'teal', autoClose: flash.type === 'error' ? 4000 : 2000 })
  }, [flash])
  // Marks the page as interactive: the browser tests wait for it before they check or click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return <Outlet />
}

export { RootErrorBoundary as ErrorBoundary } from './components/errors/global-error-screen.tsx'
