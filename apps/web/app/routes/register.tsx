import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegacyAuthScreen } from '../components/legacy-auth-screen.tsx'
import { legacyAuthAction, legacyAuthLoader } from '../utils/legacy-auth.server.ts'
import { retryAfterHeaders } from '../utils/retry-after.ts'

export const headers = retryAfterHeaders

export const meta: MetaFunction = () => [{ title: 'Register · Meridian Travel' }]
export const loader = legacyAuthLoader
export const action = legacyAuthAction

export default function Screen() {
  const { registrationEnabled } = useLoaderData<typeof loader>()
  return <LegacyAuthScreen mode="register" registrationEnabled={registrationEnabled} />
}
