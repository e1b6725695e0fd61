import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_POSITION, TOAST_REMOVE_DELAY_MS } from '../lib/toast';

/**
 * Where toasts appear (docs/product-requirements.md §9): bottom-right, 5000 ms, at most 5, removed 200 ms after
 * closing. The gap between toasts is Mantine's default spacing.md, 16 px.
 */
export function ToastViewport() {
  return (
    <Notifications
      position={TOAST_POSITION}
      autoClose={TOAST_DURATION_MS}
      limit={TOAST_LIMIT}
      transitionDuration={TOAST_REMOVE_DELAY_MS}
      containerWidth={400}
    />
  );
}
