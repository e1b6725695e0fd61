import { notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, TOAST_LIMIT, toast } from './toast';

beforeEach(() => {
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
});

const shown = () => notificationsStore.getState().notifications;

describe('toast', () => {
  it('shows title and description with the kind colour and the default duration', () => {
    toast.error('初始化配置失败', '未知错误');
    expect(shown()[0]).toMatchObject({
      title: '初始化配置失败',
      message: '未知错误',
      color: 'red',
      autoClose: TOAST_DURATION_MS,
    });
  });

  it('shows a title-only toast as its message', () => {
    toast.success('Bind Success');
    expect(shown()[0]).toMatchObject({ title: undefined, message: 'Bind Success', color: 'teal' });
  });

  it('keeps only the newest five', () => {
    for (let i = 1; i <= 7; i += 1) toast.info(`toast ${i}`);
    expect(shown().map((n) => n.message)).toEqual(['toast 3', 'toast 4', 'toast 5', 'toast 6', 'toast 7']);
    expect(shown()).toHaveLength(TOAST_LIMIT);
    expect(notificationsStore.getState().queue).toHaveLength(0);
  });

  it('replaces a toast with the same id instead of stacking it', () => {
    toast.error('a', 'first', { id: 'same' });
    toast.error('a', 'second', { id: 'same' });
    expect(shown().map((n) => n.message)).toEqual(['second']);
  });
});
