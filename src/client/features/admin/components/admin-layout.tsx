import type { ReactNode } from 'react';
import { AdminNav } from '../../../components/admin-nav';
import { PageFrame } from '../../../components/page-frame';

/** A console screen: its title and line, the console's navigation, then the screen. Never indexed. */
export function AdminLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <PageFrame title={title} description={description} size="xl" meta={{ noindex: true }}>
      <AdminNav />
      {children}
    </PageFrame>
  );
}
