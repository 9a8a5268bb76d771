import { createCookie } from '@remix-run/node'

export interface Flash {
  type: 'success' | 'error' | 'info'
  message: string
}

// A one-shot message carried across a redirect in a short-lived cookie: no server state, works without JavaScript.
const flashCookie = createCookie('meridian_flash', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 })

export async function flashHeader(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash, { secure: process.env.NODE_ENV === 'production' })
}

export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers()
  const value = (await flashCookie.parse(request.headers.get('Cookie'))) as Flash | null
  if (!value) return { flash: null, headers }
  headers.append('Set-Cookie', await flashCookie.serialize('', { maxAge: 0 }))
  return { flash: value, headers }
}
