import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import { MEDIA_MESSAGES } from '@meridian/core/messages'
import { MEDIA_ACCEPT, MEDIA_MAX_FILE_BYTES } from '@meridian/validators'
import { useHydrated } from '../shell/use-hydrated.ts'
import { type QueuedUpload, UPLOAD_URL, uploadFiles, type UploadOutcome } from './upload-queue.ts'

const ACCEPT = MEDIA_ACCEPT.split(',')

interface UploadPanelProps {
  /** content_type and object_id, for the embedded manager. */
  fields?: Record<string, string>
  /** Where a plain form (JavaScript off) comes back to. */
  redirectTo: string
  /** Checked before anything is sent; a message refuses the batch. */
  check?(files: File[]): string | null
  onDone(outcome: UploadOutcome): void
  onRefused?(message: string): void
  openRef?: React.RefObject<(() => void) | null>
}

/**
 * Drag-and-drop zone with a progress bar per file (JavaScript on), or a plain multipart form (off).
 * Files over 100 MB are refused by the server per file; the browser also tells at once.
 */
export function UploadPanel({ fields = {}, redirectTo, check, onDone, onRefused, openRef }: UploadPanelProps) {
  const hydrated = useHydrated()
  const [queue, setQueue] = useState<QueuedUpload[]>([])
  const [busy, setBusy] = useState(false)

  async function start(files: File[]) {
    const refusal = check?.(files)
    if (refusal) return onRefused?.(refusal)
    setBusy(true)
    try {
      onDone(await uploadFiles(files, fields, setQueue))
    } finally {
      setBusy(false)
    }
  }

  if (!hydrated) {
    return (
      <Paper withBorder radius="md" p="md">
        <Form method="post" action={UPLOAD_URL} encType="multipart/form-data" reloadDocument>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <Group align="flex-end">
            {/* A native input: Mantine's FileInput needs JavaScript to open the file picker. */}
            <Stack gap={4} style={{ flex: 1 }}>
              <Text component="label" htmlFor="media-files" size="sm" fw={500}>
                Photos and videos
              </Text>
              <input id="media-files" type="file" name="files" multiple accept={MEDIA_ACCEPT} />
            </Stack>
            <Button type="submit">Upload</Button>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            JPG, PNG, GIF, WebP, MP4, MOV, AVI, WebM — {MEDIA_MESSAGES.sizeNote}
          </Text>
        </Form>
      </Paper>
    )
  }

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => void start(files)}
        onReject={(rejections) =>
          onRefused?.(rejections.map((r) => `${r.file.name}: ${r.errors[0]?.code === 'file-too-large' ? MEDIA_MESSAGES.fileTooLarge : MEDIA_MESSAGES.unsupportedType}`).join(' '))
        }
        accept={ACCEPT}
        maxSize={MEDIA_MAX_FILE_BYTES}
        loading={busy}
        openRef={openRef}
        radius="md"
        data-testid="media-dropzone"
        inputProps={{ 'aria-label': 'Choose photos and videos to upload' }}
      >
        <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
          <Text fw={600}>Drag photos and videos here or click to select files</Text>
          <Text size="sm" c="dimmed">
            JPG, PNG, GIF, WebP, MP4, MOV, AVI, WebM — {MEDIA_MESSAGES.sizeNote}
          </Text>
        </Stack>
      </Dropzone>
      {queue.length > 0 && (
        <Stack gap={6} aria-label="Upload progress">
          {queue.map((q) => (
            <div key={q.key} data-testid="upload-progress" data-state={q.state}>
              <Group justify="space-between" gap="xs">
                <Text size="xs" lineClamp={1} style={{ flex: 1 }}>
                  {q.name}
                </Text>
                <Text size="xs" c={q.state === 'failed' ? 'red' : 'dimmed'}>
                  {q.state === 'failed' ? q.error : q.state === 'done' ? 'Uploaded' : `${q.progress}%`}
                </Text>
              </Group>
              <Progress value={q.progress} size="sm" color={q.state === 'failed' ? 'red' : q.state === 'done' ? 'teal' : 'blue'} aria-label={`${q.name} upload progress`} />
            </div>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
