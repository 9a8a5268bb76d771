/**
 * Toasts (Mantine notifications) with the durations of spec 1 §9: success 2 s, error 4 s, info 4 s, warning 5 s,
 * offline warning 8 s, network error 6 s; at most 20 kept (shown or waiting).
 */
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications'
import { CONNECTIVITY_MESSAGES, errorMessage, type ErrorMessageOptions, isNetworkError } from './messages.ts'

export const TOAST_DURATIONS = {
  success: 2000,
  error: 4000,
  info: 4000,
  warning: 5000,
  offline: 8000,
  networkError: 6000,
} as const

export const MAX_TOASTS = 20

type Extra = Omit<NotificationData, 'message' | 'color' | 'autoClose'> & { autoClose?: number | false }

function show(message: React.ReactNode, color: string, autoClose: number | false, extra: Extra = {}): string {
  const id = notifications.show({ withBorder: true, ...extra, message, color, autoClose: extra.autoClose ?? autoClose })
  // The Notifications component shows 20 at a time and queues the rest; keep the queue from growing without end.
  notifications.updateState(notificationsStore, (list) => (list.length > MAX_TOASTS ? list.slice(-MAX_TOASTS) : list))
  return id
}

export const notify = {
  success: (message: React.ReactNode, extra?: Extra) => show(message, 'teal', TOAST_DURATIONS.success, extra),
  error: (message: React.ReactNode, extra?: Extra) => show(message, 'red', TOAST_DURATIONS.error, extra),
  info: (message: React.ReactNode, extra?: Extra) => show(message, 'blue', TOAST_DURATIONS.info, extra),
  warning: (message: React.ReactNode, extra?: Extra) => show(message, 'yellow', TOAST_DURATIONS.warning, extra),
  /** 'You are now offline. Some features may not work.' for 8 s. */
  offline: () => show(CONNECTIVITY_MESSAGES.offlineToast, 'yellow', TOAST_DURATIONS.offline, { id: 'connectivity-offline' }),
  /** 'Connection restored!' as a success toast. */
  online: () => {
    notifications.hide('connectivity-offline')
    return show(CONNECTIVITY_MESSAGES.restoredToast, 'teal', TOAST_DURATIONS.success, { id: `connectivity-online-${Date.now()}` })
  },
  /**
   * The catalogue's message for a failed request or thrown error, as an error toast; a network failure stays 6 s.
   * Returns the message shown.
   */
  failure: (error: unknown, options: ErrorMessageOptions & Extra = {}) => {
    const { notFound, ...extra } = options
    const message = errorMessage(error, { notFound })
    show(message, 'red', isNetworkError(error) ? TOAST_DURATIONS.networkError : TOAST_DURATIONS.error, extra)
    return message
  },
}
