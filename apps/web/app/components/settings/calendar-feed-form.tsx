import { Anchor, Button, CopyButton, Group, Text, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { SettingsSection } from './settings-section.tsx'

export interface CalendarSubscriptionView {
  active: boolean
  url: string | null
  webcal_url: string | null
  created_at: string | null
  last_fetched_at: string | null
}

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC'

/**
 * The traveler's calendar subscription (docs/traveler-app.md "Calendar feed"): the private address to paste into a
 * calendar app (or open with webcal://), Replace address (the old one stops at once) and Turn off. Plain forms.
 */
export function CalendarFeedForm({ subscription, busy }: { subscription: CalendarSubscriptionView; busy: (intent: string) => boolean }) {
  return (
    <SettingsSection
      id="calendar"
      title="Calendar subscription"
      description="Your trips in your own calendar: every planned item with its local time, your flights and your stays. Changes your expert publishes reach your calendar by themselves."
    >
      {subscription.active && subscription.url ? (
        <>
          <TextInput label="Calendar address" value={subscription.url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Text size="sm" c="dimmed">
            Keep this address private: anyone who has it can read your trips. Created {when(subscription.created_at!)}
            {subscription.last_fetched_at ? `; last read by a calendar ${when(subscription.last_fetched_at)}` : '; not read by a calendar yet'}.
          </Text>
          <Group gap="sm">
            <CopyButton value={subscription.url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy address'}
                </Button>
              )}
            </CopyButton>
            {subscription.webcal_url ? (
              <Anchor href={subscription.webcal_url} size="sm">
                Open in your calendar app
              </Anchor>
            ) : null}
          </Group>
          <Group gap="sm">
            <Form method="post">
              <input type="hidden" name="intent" value="calendar-replace" />
              <Button type="submit" variant="default" loading={busy('calendar-replace')}>
                Replace address
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="calendar-revoke" />
              <Button type="submit" variant="default" color="red" loading={busy('calendar-revoke')}>
                Turn off
              </Button>
            </Form>
          </Group>
        </>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="calendar-replace" />
          <Group justify="space-between" gap="sm">
            <Text size="sm">You have no calendar address yet.</Text>
            <Button type="submit" loading={busy('calendar-replace')}>
              Create calendar address
            </Button>
          </Group>
        </Form>
      )}
    </SettingsSection>
  )
}
