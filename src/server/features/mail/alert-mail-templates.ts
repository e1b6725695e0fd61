/**
 * The alert e-mail (issue 25, decision 0036) in every site language: a trophy of a followed fish was logged, or a bait
 * entered its top three. Names arrive already in the reader's language; the links are built by the mailer from
 * PUBLIC_BASE_URL. Each mail says why it came and carries its unsubscribe link.
 */
import type { Locale } from '#shared/locales';
import {
  enGreeting,
  escapeHtml,
  htmlFrame,
  jaGreeting,
  P,
  type RenderedMail,
  SIGNATURE,
  SITE,
  zhGreeting,
} from './mail-templates';

/** What an alert e-mail says (names in the reader's language). */
export interface AlertMailContent {
  nickname: string;
  kind: 'top_bait' | 'trophy';
  fish: string;
  /** The followed map's name; null: all maps. */
  map: string | null;
  /** `top_bait`: the baits that entered, and the new top three, first first. */
  entered: readonly string[];
  top: readonly string[];
  /** `trophy`: the catch's star type, weight in grams and map. */
  trophy: { star: string; weight: number; map: string } | null;
}

export interface AlertMailLinks {
  guide: string;
  alerts: string;
  unsubscribe: string;
}

interface AlertTexts {
  greeting: (nickname: string) => string;
  trophySubject: (fish: string, map: string) => string;
  trophyText: (fish: string, map: string, star: string, weight: string) => string;
  baitSubject: (baits: string, fish: string) => string;
  baitText: (baits: string, fish: string, scope: string) => string;
  allMaps: string;
  topNow: (list: string) => string;
  /** Joins names: 、 in Chinese and Japanese, commas in English. */
  join: (names: readonly string[]) => string;
  button: string;
  why: (fish: string) => string;
  manage: string;
  unsubscribe: string;
}

const TEXTS: Record<Locale, AlertTexts> = {
  zh: {
    greeting: zhGreeting,
    trophySubject: (fish, map) => `${map}出现了奖杯级${fish}`,
    trophyText: (fish, map, star, weight) => `刚刚有人在${map}记录了一条奖杯级${fish}（${star}，${weight}）。`,
    baitSubject: (baits, fish) => `${baits}进入了${fish}的前三饵料`,
    baitText: (baits, fish, scope) => `最近 72 小时里，${baits}进入了${fish}（${scope}）最常用的前三种饵料。`,
    allMaps: '全部地图',
    topNow: (list) => `现在的前三名：${list}。`,
    join: (names) => names.join('、'),
    button: '查看饵料指南',
    why: (fish) => `你收到这封邮件，是因为你在 ${SITE} 关注了${fish}（VIP 会员权益）。每条鱼每天最多提醒一次。`,
    manage: '管理我的提醒',
    unsubscribe: '不再接收提醒邮件',
  },
  en: {
    greeting: enGreeting,
    trophySubject: (fish, map) => `Trophy ${fish} logged on ${map}`,
    trophyText: (fish, map, star, weight) => `A trophy-class ${fish} (${star}, ${weight}) was just logged on ${map}.`,
    baitSubject: (baits, fish) => `${baits} entered the top three baits for ${fish}`,
    baitText: (baits, fish, scope) =>
      `Over the last 72 hours, ${baits} entered the three most used baits for ${fish} (${scope}).`,
    allMaps: 'all maps',
    topNow: (list) => `The top three now: ${list}.`,
    join: (names) => names.join(', '),
    button: 'Open the bait guide',
    why: (fish) =>
      `You get this e-mail because you follow ${fish} on ${SITE}, a VIP benefit. We send at most one alert per fish a day.`,
    manage: 'Manage your alerts',
    unsubscribe: 'Stop alert e-mails',
  },
  ja: {
    greeting: jaGreeting,
    trophySubject: (fish, map) => `${map}でトロフィー級の${fish}が記録されました`,
    trophyText: (fish, map, star, weight) => `${map}でトロフィー級の${fish}（${star}、${weight}）が記録されました。`,
    baitSubject: (baits, fish) => `${baits}が${fish}の上位3エサに入りました`,
    baitText: (baits, fish, scope) =>
      `直近72時間で、${baits}が${fish}（${scope}）によく使われるエサの上位3つに入りました。`,
    allMaps: '全マップ',
    topNow: (list) => `現在の上位3つ：${list}。`,
    join: (names) => names.join('、'),
    button: 'エサガイドを開く',
    why: (fish) =>
      `${SITE} で${fish}をフォローしているため、このメールをお送りしています（VIP 特典）。通知は魚ごとに1日1回までです。`,
    manage: 'アラートを管理',
    unsubscribe: 'アラートメールの配信を停止',
  },
};

/** Grams as the site shows them: kilograms with up to three decimals from 1 kg, else grams. */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${Math.round(grams)} g`;
  return `${Number((grams / 1000).toFixed(3))} kg`;
}

export function renderAlertMail(locale: Locale, mail: AlertMailContent, links: AlertMailLinks): RenderedMail {
  const t = TEXTS[locale];
  const { signature, footer } = SIGNATURE[locale];
  let subject: string;
  const lines: string[] = [];
  if (mail.kind === 'trophy' && mail.trophy) {
    subject = t.trophySubject(mail.fish, mail.trophy.map);
    lines.push(t.trophyText(mail.fish, mail.trophy.map, mail.trophy.star, formatWeight(mail.trophy.weight)));
  } else {
    const entered = t.join(mail.entered);
    subject = t.baitSubject(entered, mail.fish);
    lines.push(t.baitText(entered, mail.fish, mail.map ?? t.allMaps));
    lines.push(t.topNow(t.join(mail.top.map((name, i) => `${i + 1}. ${name}`))));
  }
  const why = t.why(mail.fish);
  const greeting = t.greeting(mail.nickname.trim());

  const text = [
    greeting,
    '',
    ...lines.flatMap((line) => [line, '']),
    `${t.button}: ${links.guide}`,
    '',
    signature,
    '',
    '--',
    why,
    `${t.manage}: ${links.alerts}`,
    `${t.unsubscribe}: ${links.unsubscribe}`,
    footer,
    '',
  ].join('\n');

  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#0b7285;">${escapeHtml(label)}</a>`;
  const content = `<p style="${P}">${escapeHtml(greeting)}</p>
${lines.map((line) => `<p style="${P}">${escapeHtml(line)}</p>`).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0;"><tr>
<td style="border-radius:6px;background:#0b7285;"><a href="${escapeHtml(links.guide)}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(t.button)}</a></td>
</tr></table>
<p style="${P}margin-bottom:0;">${escapeHtml(signature)}</p>`;
  const foot = `${why} ${link(links.alerts, t.manage)} · ${link(links.unsubscribe, t.unsubscribe)}<br>${escapeHtml(footer)}`;
  return { subject, text, html: htmlFrame(locale, subject, content, foot, { footerIsHtml: true }) };
}
