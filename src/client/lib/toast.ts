/**
 * The one way features show a toast (docs/product-requirements.md §3 Toast, §9 constants). Built on
 * @mantine/notifications; features never call it directly, so the limits and looks stay in one place.
 */
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { createElement } from 'react';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { i18n } from './i18n';
import { ToastWithAction, type ToastAction } from './toast-with-action';

/**
 * docs/product-requirements.md §9: default duration 5000 ms, at most 5 (the newest kept), removal delay 200 ms,
 * bottom-right; the 16 px gap between toasts is Mantine's default spacing (components/toast-viewport.tsx).
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 5;
export const TOAST_REMOVE_DELAY_MS = 200;
export const TOAST_POSITION = 'bottom-right' as const;

type Kind = 'success' | 'error' | 'info';

const LOOK: Record<Kind, { color: string; icon: typeof IconCheck }> = {
  success: { color: 'teal', icon: IconCheck },
  error: { color: 'red', icon: IconX },
  info: { color: 'blue', icon: IconInfoCircle },
};

interface ToastOptions {
  /** Milliseconds before it closes by itself; false keeps it until closed. */
  duration?: number | false;
  /** A stable id replaces an earlier toast with the same id instead of stacking another one. */
  id?: string;
  /** A button under the text, for a toast that offers something to do (e.g. reload for a new version). */
  action?: ToastAction;
  /** Called when the toast goes away: closed by the user, timed out, or closed through `toast.close`. */
  onClose?: () => void;
}

let nextId = 0;

function show(kind: Kind, title: string, description?: string, options: ToastOptions = {}): string {
  const { color, icon } = LOOK[kind];
  const data: NotificationData = {
    id: options.id,
    color,
    icon: createElement(icon, { size: 18, 'aria-hidden': true }),
    // Mantine needs a message; a toast with only a title shows it as the message, in regular weight.
    title: description ? title : undefined,
    message: options.action
      ? createElement(ToastWithAction, { action: options.action }, description ?? title)
      : (description ?? title),
    onClose: options.onClose,
    autoClose: options.duration ?? TOAST_DURATION_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.closeToast') },
  };
  const id = options.id ?? `toast-${(nextId += 1)}`;
  // Keep only the newest TOAST_LIMIT (docs/product-requirements.md §4): drop the oldest rather than queueing the newest
  // behind them.
  notifications.updateState(notificationsStore, (list) => [
    ...list.filter((item) => item.id !== id).slice(-(TOAST_LIMIT - 1)),
    { ...data, id },
  ]);
  return id;
}

export const toast = {
  success: (title: string, description?: string, options?: ToastOptions) =>
    show('success', title, description, options),
  error: (title: string, description?: string, options?: ToastOptions) => show('error', title, description, options),
  info: (title: string, description?: string, options?: ToastOptions) => show('info', title, description, options),
  close: (id: string) => notifications.hide(id),
  clear: () => notifications.clean(),
};
