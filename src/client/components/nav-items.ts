import {
  IconBook2,
  IconFishHook,
  IconFlame,
  IconListDetails,
  IconMessageChatbot,
  IconRobot,
  IconTrophy,
  type Icon,
} from '@tabler/icons-react';
import { PAGE_PATHS, type PageKey } from '#shared/pages';

/** The id of the phone menu drawer, which the burger controls (`aria-controls`). */
export const MOBILE_NAV_ID = 'mobile-nav';

interface NavItem {
  key: PageKey;
  /** The path without a language prefix. */
  path: string;
  icon: Icon;
  /** The spec's top-bar links (§2); the others are shown inline on wide screens and under "More" in between. */
  primary: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', path: PAGE_PATHS.home, icon: IconFlame, primary: true },
  { key: 'officialLogs', path: PAGE_PATHS.officialLogs, icon: IconTrophy, primary: true },
  { key: 'birdLogs', path: PAGE_PATHS.birdLogs, icon: IconRobot, primary: true },
  { key: 'baitGuide', path: PAGE_PATHS.baitGuide, icon: IconFishHook, primary: true },
  { key: 'baits', path: PAGE_PATHS.baits, icon: IconListDetails, primary: false },
  { key: 'fishes', path: PAGE_PATHS.fishes, icon: IconBook2, primary: false },
  { key: 'aiChat', path: PAGE_PATHS.aiChat, icon: IconMessageChatbot, primary: false },
];

/** Whether a link is the current page (`bare` is the current pathname without its language prefix). */
export function isActivePath(itemPath: string, bare: string): boolean {
  if (itemPath === '/') return bare === '/';
  return bare === itemPath || bare.startsWith(`${itemPath}/`);
}
