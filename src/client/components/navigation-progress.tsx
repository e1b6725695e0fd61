import { NavigationProgress } from '@mantine/nprogress';
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import {
  LOADING_BAR_HEIGHT_PX,
  getLoadingBarStatus,
  loadingBar,
  loadingBarStore,
  subscribeLoadingBar,
} from '../lib/loading-bar';

/** The loading bar at the top of the page, driven by the router's navigation state (lazy pages, loaders). */
export function NavigationProgressBar() {
  const navigation = useNavigation();
  const status = useSyncExternalStore(subscribeLoadingBar, getLoadingBarStatus, getLoadingBarStatus);
  const busy = navigation.state !== 'idle';

  useEffect(() => {
    if (busy) loadingBar.start();
    else loadingBar.finish();
  }, [busy]);

  return (
    <NavigationProgress
      store={loadingBarStore}
      size={LOADING_BAR_HEIGHT_PX}
      color={status === 'error' ? 'red' : undefined}
      aria-hidden
    />
  );
}
