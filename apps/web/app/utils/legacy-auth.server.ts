import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { AUTH_MESSAGES, DomainError, registerTraveler } from '@meridian/core'
import { anonymousContext, getActor } from './auth.server.ts'
import { signInWithForm, startSession } from './sign-in.server.ts'

export async function legacyAuthLoader({ request, context }: LoaderFunctionArgs) {
  if (await getActor(request, context)) throw redirect('/dashboard/overview')
  return { registrationEnabled: context.app.config.registrationEnabled }
}

/** Both forms of the legacy screen: sign in (both fields non-blank, username trimmed) or register a traveler. */
export async function legacyAuthAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const values = Object.fromEntries(
    ['username', 'email', 'first_name', 'last_name'].map((k) => [k, String(form.get(k) ?? '')]),
  )
  if (form.get('intent') === 'register') {
    const input = {
      ...values,
      password: String(form.get('password') ?? ''),
      confirm_password: String(form.get('confirm_password') ?? ''),
    }
    try {
      const actor = await registerTraveler(anonymousContext(request, context), input)
      return startSession(request, context, actor, '/dashboard/overview', 'Account created. Welcome to Meridian Travel!')
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      const status = error.code === 'forbidden' ? 403 : 400
      const message = error.fields ? AUTH_MESSAGES.registrationFailed : error.message
      return data({ error: message, fields: error.fields ?? {}, values }, { status })
    }
  }
  const username = values.username!.trim()
  const password = String(form.get('password') ?? '')
  if (!username || !password.trim()) {
    return data({ error: AUTH_MESSAGES.bothRequired, fields: {}, values }, { status: 400 })
  }
  return signInWithForm({ request, context, username, password, redirectTo: '/dashboard/overview' }, (message, status, headers) =>
    data({ error: message || AUTH_MESSAGES.legacyLoginFailed, fields: {}, values }, { status, headers }),
  )
}
