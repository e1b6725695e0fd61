import { notificationsStore } from '@mantine/notifications';

/** The toasts raised so far, as `{title, message}` (a title-only toast has its text as the message). */
export function shownToasts(): { title: string | undefined; message: string; color: string | undefined }[] {
  return notificationsStore.getState().notifications.map((item) => ({
    title: typeof item.title === 'string' ? item.title : undefined,
    message: String(item.message),
    color: item.color,
  }));
}

export function clearToasts(): void {
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
}
