import { useContext } from 'react';
import { Navigate } from 'react-router';
import { PageMetaContext, usePageMeta } from '../lib/page-meta';

/**
 * An old address of a page that lives at `to` now (a link from before it had its own, issue 23). A server render
 * answers it with a permanent redirect, so crawlers and link previews follow it too; in the browser it replaces the
 * old entry in the history.
 */
export function MovedPage({ to }: { to: string }) {
  const serverRender = useContext(PageMetaContext) !== null;
  usePageMeta({ title: '', noindex: true, movedTo: to });
  // <Navigate> has nothing to do in a server render (React Router warns there): the status and Location do its work.
  return serverRender ? null : <Navigate replace to={to} />;
}
