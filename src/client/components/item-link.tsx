import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayName } from '#shared/game/names';
import { itemPagePath, type PagedItem } from '../lib/item-links';
import { useLocale } from '../lib/use-locale';

interface ItemLinkProps extends AnchorProps {
  item: PagedItem;
  /** What the link shows; the item's name in the page's language when left out. */
  children?: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A fish's, bait's or map's name leading to its own page (issue 23), marked with the page's language. */
export function ItemLink({ item, children, ...anchor }: ItemLinkProps) {
  const lang = useLocale();
  return (
    <Anchor component={Link} to={itemPagePath(item, lang)} lang={lang} {...anchor}>
      {children ?? displayName(item, lang)}
    </Anchor>
  );
}
