import { Divider, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { changePassword, DomainError, getCalendarSubscription, getPreferences, replaceCalendarSubscription, revokeCalendarSubscription, type ServiceContext, updatePreferences, updateProfile } from '@meridian/core'
import { CalendarFeedForm } from '../components/settings/calendar-feed-form.tsx'
import { PasswordForm } from '../components/settings/password-form.tsx'
import { PreferencesForm } from '../components/settings/preferences-form.tsx'
import { PROFILE_FIELDS, ProfileForm } from '../components/settings/profile-form.tsx'
import { settingsFailure, textFields } from '../components/settings/settings-action.server.ts'
import { requireUser } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'
import { startSession } from '../utils/sign-in.server.ts'

export const meta: MetaFunction = () => [{ title: 'Settings · Meridian Travel' }]

const PAGE = '/dashboard/settings'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  return {
    profile: {
      first_name: actor.firstName,
      last_name: actor.lastName,
      email: actor.email,
      bio: actor.bio,
      phone_number: actor.phoneNumber,
      city: actor.city,
      country: actor.country,
    },
    preferences: await getPreferences(ctx),
    // The traveler's calendar feed address (null for staff, who keep no trips of their own).
    calendar: await getCalendarSubscription(linked(ctx, request)).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'forbidden') return null
      throw error
    }),
  }
}

/** The context with this site's origin, so the feed's address is absolute (what a calendar app needs). */
const linked = (ctx: ServiceContext, request: Request): ServiceContext => ({
  ...ctx,
  request: { ...ctx.request, linkOrigin: ctx.config.appOrigin ?? new URL(request.url).origin },
})

async function saved(message: string) {
  return redirect(PAGE, { headers: { 'Set-Cookie': await flashHeader({ type: 'success', message }) } })
}

/** Three forms on one page, told apart by `intent`; each answers with its own field errors or a redirect and toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  const form = await request.formData()
  const intent = form.get('intent')

  if (intent === 'profile') {
    const values = textFields(form, PROFILE_FIELDS)
    try {
      await updateProfile(ctx, values)
    } catch (error) {
      return settingsFailure('profile', error, values)
    }
    return saved('Profile updated.')
  }

  if (intent === 'password') {
    try {
      await changePassword(ctx, textFields(form, ['old_password', 'new_password', 'confirm_password']))
    } catch (error) {
      return settingsFailure('password', error, {})
    }
    // Every session of the user has just ended, this one included: this browser continues on a fresh one.
    return startSession(request, context, actor, PAGE, 'Password changed. You were signed out everywhere else.')
  }

  if (intent === 'preferences') {
    const values = textFields(form, [
      'theme',
      'items_per_page',
      'refresh_interval',
      'view_mode',
      'auto_refresh',
      'notifications',
    ])
    try {
      await updatePreferences(ctx, {
        ...values,
        // An unticked checkbox sends nothing.
        auto_refresh: values.auto_refresh === 'on',
        notifications: values.notifications === 'on',
      })
    } catch (error) {
      return settingsFailure('preferences', error, values)
    }
    return saved('Preferences saved.')
  }

  if (intent === 'calendar-replace' || intent === 'calendar-revoke') {
    try {
      if (intent === 'calendar-replace') await replaceCalendarSubscription(ctx)
      else await revokeCalendarSubscription(ctx)
    } catch (error) {
      return settingsFailure('calendar', error, {})
    }
    return saved(intent === 'calendar-revoke' ? 'Calendar address turned off.' : 'New calendar address ready. Add it to your calendar app.')
  }

  return data({ intent: null, message: 'Unknown action.', fields: {}, values: {} }, { status: 400 })
}

export default function Settings() {
  const { profile, preferences, calendar } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  // Forms remount after each navigation (a save redirects here), so they show what is stored now.
  const { key } = useLocation()
  const busy = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const of = (intent: string) => (failure?.intent === intent ? failure : undefined)
  const profileFailure = of('profile')
  const preferencesFailure = of('preferences')

  return (
    <Stack gap="xl" maw={1100} mx="auto">
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed" mt={4}>
          Manage your profile, password and dashboard preferences.
        </Text>
      </div>
      {failure?.intent === null ? (
        <Text c="red" role="alert">
          {failure.message}
        </Text>
      ) : null}
      <ProfileForm
        key={`profile-${key}`}
        values={{ ...profile, ...profileFailure?.values }}
        fields={profileFailure?.fields}
        message={profileFailure?.message}
        busy={busy('profile')}
      />
      <Divider />
      <PasswordForm
        key={`password-${key}`}
        fields={of('password')?.fields}
        message={of('password')?.message}
        busy={busy('password')}
      />
      {calendar ? (
        <>
          <Divider />
          <CalendarFeedForm subscription={calendar} busy={busy} />
          {of('calendar')?.message ? (
            <Text c="red" role="alert">
              {of('calendar')!.message}
            </Text>
          ) : null}
        </>
      ) : null}
      <Divider />
      <PreferencesForm
        key={`preferences-${key}`}
        values={preferencesFailure ? { ...preferences, ...coercePreferences(preferencesFailure.values) } : preferences}
        fields={preferencesFailure?.fields}
        message={preferencesFailure?.message}
        busy={busy('preferences')}
      />
    </Stack>
  )
}

/** What was typed into the preferences form, back into its field types, so a rejected form keeps it. */
function coercePreferences(values: Record<string, string>) {
  const out: Record<string, unknown> = {
    auto_refresh: values.auto_refresh === 'on',
    notifications: values.notifications === 'on',
  }
  if (values.theme === 'auto' || values.theme === 'light' || values.theme === 'dark') out.theme = values.theme
  if (values.view_mode === 'list' || values.view_mode === 'grid') out.view_mode = values.view_mode
  for (const key of ['items_per_page', 'refresh_interval'] as const) {
    const value = Number(values[key] || Number.NaN)
    if (Number.isFinite(value)) out[key] = value
  }
  return out
}
