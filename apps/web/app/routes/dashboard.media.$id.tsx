import { Alert, Anchor, Badge, Button, Checkbox, Group, Image, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from '@remix-run/react'
import { deleteMedia, DomainError, getMedia, reprocessMedia, updateMedia, assertCanManageMedia } from '@meridian/core'
import { formatSize, MediaThumb, StatusBadge } from '../components/media/media-tile.tsx'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { MEDIA_MESSAGES } from '@meridian/core/messages'
import { requireUser } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'

/** The list page's address with its filters, without this modal's own parameters. */
function listUrl(search: string) {
  const params = new URLSearchParams(search)
  params.delete('mode')
  const query = params.toString()
  return `/dashboard/media${query ? `?${query}` : ''}`
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  assertCanManageMedia(ctx)
  const url = new URL(request.url)
  try {
    return { item: await getMedia(ctx, Number(params.id)), mode: url.searchParams.get('mode') === 'edit' ? ('edit' as const) : ('view' as const) }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') {
      throw redirect(listUrl(url.search), { headers: { 'Set-Cookie': await flashHeader({ type: 'error', message: MEDIA_MESSAGES.notFound }) } })
    }
    throw error
  }
}

type ActionAnswer = { fields: Record<string, string[]>; message: string | null; values: Record<string, string>; confirmDelete?: boolean }

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  assertCanManageMedia(ctx)
  const id = Number(params.id)
  const url = new URL(request.url)
  const form = await request.formData()
  const intent = form.get('intent')
  const flashed = async (to: string, type: 'success' | 'error', message: string) =>
    redirect(to, { headers: { 'Set-Cookie': await flashHeader({ type, message }) } })
  const here = (mode?: string) => {
    const p = new URLSearchParams(url.search)
    if (mode) p.set('mode', mode)
    else p.delete('mode')
    return `/dashboard/media/${id}${p.toString() ? `?${p}` : ''}`
  }
  try {
    if (intent === 'save') {
      const values = Object.fromEntries(['title', 'description', 'order'].map((k) => [k, String(form.get(k) ?? '')]))
      try {
        await updateMedia(ctx, id, { ...values, is_featured: form.get('is_featured') === 'on' })
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'invalid') throw error
        return data<ActionAnswer>({ fields: error.fields ?? {}, message: MEDIA_MESSAGES.saveFailed, values }, { status: 400 })
      }
      return flashed(here(), 'success', 'Media saved.')
    }
    if (intent === 'delete') {
      if (form.get('confirmed') !== '1') return data<ActionAnswer>({ fields: {}, message: null, values: {}, confirmDelete: true })
      await deleteMedia(ctx, id)
      return flashed(listUrl(url.search), 'success', 'Media deleted.')
    }
    if (intent === 'reprocess') {
      await reprocessMedia(ctx, id)
      return flashed(here(), 'success', 'Media queued for processing.')
    }
    return data<ActionAnswer>({ fields: {}, message: 'Unknown action.', values: {} }, { status: 400 })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const message = intent === 'delete' ? MEDIA_MESSAGES.deleteFailed : intent === 'reprocess' ? MEDIA_MESSAGES.reprocessFailed : MEDIA_MESSAGES.saveFailed
    return data<ActionAnswer>({ fields: {}, message: `${message}: ${error.message}`, values: {} }, { status: 400 })
  }
}

export default function MediaItemModal() {
  const { item, mode } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const back = listUrl(location.search)
  const editLink = `${location.pathname}?${new URLSearchParams([...new URLSearchParams(location.search), ['mode', 'edit']])}`
  const viewLink = `${location.pathname}${new URLSearchParams(location.search).has('mode') ? `?${new URLSearchParams([...new URLSearchParams(location.search)].filter(([k]) => k !== 'mode'))}` : location.search}`
  const values = answer?.values ?? {}
  const saving = navigation.state === 'submitting'
  const meta = item.metadata as Record<string, string | number | boolean | null | undefined>

  return (
    // Without JavaScript there is no portal: the dialog is drawn in place, over the list.
    <Modal opened withinPortal={hydrated} onClose={() => navigate(back, { preventScrollReset: true })} title={mode === 'edit' ? 'Edit media' : item.title || item.original_filename} size="lg" centered>
      <Stack gap="md">
        {answer?.message && (
          <Alert color="red" role="alert">
            {answer.message}
          </Alert>
        )}
        {item.media_type === 'video' && item.status === 'ready' && item.urls.original ? (
          <video src={item.urls.original} poster={item.urls.poster} controls style={{ width: '100%', maxHeight: 360, background: '#000' }} />
        ) : item.preview_url ? (
          <Image src={item.preview_url} alt={item.title || item.original_filename} mah={360} fit="contain" />
        ) : (
          <MediaThumb item={item} height={200} />
        )}

        {mode === 'view' ? (
          <>
            <Group gap="xs">
              <Badge variant="outline">{item.media_type === 'photo' ? 'Photo' : 'Video'}</Badge>
              <StatusBadge status={item.status} />
              {item.is_featured && <Badge color="orange">Featured</Badge>}
            </Group>
            {item.description && <Text size="sm">{item.description}</Text>}
            {item.failure_reason && <Text size="sm" c="red">{item.failure_reason}</Text>}
            <SimpleGrid cols={2} spacing="xs">
              <Text size="sm" c="dimmed">File</Text>
              <Text size="sm">{item.original_filename} ({formatSize(item.file_size_mb)})</Text>
              {meta.dimensions && (<><Text size="sm" c="dimmed">Dimensions</Text><Text size="sm">{String(meta.dimensions)}</Text></>)}
              {meta.duration_formatted && (<><Text size="sm" c="dimmed">Duration</Text><Text size="sm">{String(meta.duration_formatted)}</Text></>)}
              {meta.note && (<><Text size="sm" c="dimmed">Note</Text><Text size="sm">{String(meta.note)}</Text></>)}
              <Text size="sm" c="dimmed">Display order</Text>
              <Text size="sm">{item.order}</Text>
              <Text size="sm" c="dimmed">Attached to</Text>
              <Text size="sm">{item.content_object_name ?? 'Library only'}</Text>
              <Text size="sm" c="dimmed">Uploaded</Text>
              <Text size="sm">{new Date(item.created_at).toLocaleString('en-US')}</Text>
            </SimpleGrid>
            <Group justify="space-between">
              <Group gap="sm">
                <Button component={Link} to={editLink}>Edit</Button>
                {item.urls.original && (
                  <Anchor href={item.urls.original} download size="sm">
                    Download original
                  </Anchor>
                )}
              </Group>
              <Group gap="sm">
                {(item.status === 'failed' || item.status === 'pending') && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="reprocess" />
                    <Button type="submit" variant="light">Reprocess</Button>
                  </Form>
                )}
                <DeleteButton confirming={Boolean(answer?.confirmDelete)} hydrated={hydrated} cancel={viewLink} />
              </Group>
            </Group>
          </>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="save" />
            <Stack gap="sm">
              <TextInput name="title" label="Title" defaultValue={values.title ?? item.title} error={answer?.fields.title?.[0]} maxLength={200} />
              <Textarea name="description" label="Description" defaultValue={values.description ?? item.description} error={answer?.fields.description?.[0]} autosize minRows={2} />
              <NumberInput name="order" label="Display order" defaultValue={values.order ?? item.order} min={0} step={1} allowDecimal={false} allowNegative={false} error={answer?.fields.order?.[0]} />
              <Checkbox name="is_featured" label="Featured" defaultChecked={item.is_featured} />
              <Group justify="flex-end" gap="sm">
                <Button component={Link} to={viewLink} variant="default">Cancel</Button>
                <Button type="submit" loading={saving}>Save</Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Stack>
    </Modal>
  )
}

function DeleteButton({ confirming, hydrated, cancel }: { confirming: boolean; hydrated: boolean; cancel: string }) {
  if (confirming) {
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirmed" value="1" />
        <Group gap="xs">
          <Text size="sm">{MEDIA_MESSAGES.confirmDelete}</Text>
          <Button type="submit" color="red" size="xs">Delete</Button>
          <Button component={Link} to={cancel} variant="default" size="xs">Cancel</Button>
        </Group>
      </Form>
    )
  }
  return (
    <Form method="post" onSubmit={(event) => hydrated && !window.confirm(MEDIA_MESSAGES.confirmDelete) && event.preventDefault()}>
      <input type="hidden" name="intent" value="delete" />
      {hydrated && <input type="hidden" name="confirmed" value="1" />}
      <Button type="submit" color="red" variant="light">Delete</Button>
    </Form>
  )
}
