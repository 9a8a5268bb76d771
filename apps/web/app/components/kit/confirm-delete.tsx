import { Button, Group, Stack, Text } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { ErrorBanner } from './banners.tsx'

/** The spec's confirmation question with Cancel and Delete; a refusal (409) shows in the red banner. */
export function ConfirmDelete({ question, error, back, cancelTo }: { question: string; error?: string | null; back?: string; cancelTo: string }) {
  const navigation = useNavigation()
  return (
    <Form method="post" aria-label="Confirm delete">
      {back === undefined ? null : <input type="hidden" name="back" value={back} />}
      <Stack gap="md">
        <ErrorBanner message={error} />
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button component={Link} to={cancelTo} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={navigation.state === 'submitting'}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
