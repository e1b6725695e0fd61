import { notificationsStore } from '@mantine/notifications';
import { isValidElement, type ReactNode } from 'react';

/** The text in a toast's message: a string, or the text inside the elements of a toast with an action button. */
function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** The toasts raised so far, as `{title, message}` (a title-only toast has its text as the message). */
export function shownToasts(): { title: string | undefined; message: string; color: string | undefined }[] {
  return notificationsStore.getState().notifications.map((item) => ({
    title: typeof item.title === 'string' ? item.title : undefined,
    message: textOf(item.message),
    color: item.color,
  }));
}

export function clearToasts(): void {
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
}
