import { useRouteLoaderData } from '@remix-run/react'

export const DEFAULT_SUPPORT_EMAIL = 'support@meridian.example'

/**
 * The support address and whether debug details may be shown, from the root loader when it ran (it may be the very
 * thing that failed): then the defaults, and details only in a development build.
 */
export function useErrorSupport(): { supportEmail: string; showDetails: boolean } {
  const root = useRouteLoaderData('root') as { supportEmail?: string; showErrorDetails?: boolean } | undefined
  return {
    supportEmail: root?.supportEmail || DEFAULT_SUPPORT_EMAIL,
    showDetails: root?.showErrorDetails ?? import.meta.env.DEV,
  }
}

/** Everything a support person needs to find the report, as plain text (Copy Details, Report Bug). */
export function errorDetailsText(input: {
  errorId: string
  message: string
  technical?: string
  status: number | null
  stack: string
}): string {
  const lines = [
    `Error ID: ${input.errorId}`,
    `Message: ${input.message}`,
    input.technical && input.technical !== input.message ? `Cause: ${input.technical}` : null,
    input.status ? `Status: ${input.status}` : null,
    typeof window !== 'undefined' ? `Page: ${window.location.href}` : null,
    `Time: ${new Date().toISOString()}`,
    typeof navigator !== 'undefined' ? `Browser: ${navigator.userAgent}` : null,
    input.stack ? `\nStack:\n${input.stack}` : null,
  ]
  return lines.filter((line): line is string => line !== null).join('\n')
}

/** A mail draft to support: subject 'Bug Report: {message}', body with the error ID and details. */
export function bugReportHref(supportEmail: string, input: { errorId: string; message: string; details?: string }): string {
  const subject = `Bug Report: ${input.message}`.slice(0, 150)
  // Mail clients refuse very long mailto links: keep the body to what fits.
  const body = (input.details ?? `Error ID: ${input.errorId}\nMessage: ${input.message}`).slice(0, 1500)
  const intro = 'Please describe what you were doing when the error happened:\n\n\n---\n'
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(intro + body)}`
}
