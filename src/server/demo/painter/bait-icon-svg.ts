import { FW } from '../world/fish-ways';

/** Icon size in pixels: one square picture per bait type. */
export const BAIT_ICON_SIZE = 96;

const HOOK = 'fill="none" stroke="#5b6770" stroke-width="2.4" stroke-linecap="round"';
/** A single hook whose eye is at (x, y), hanging downwards. */
function hook(x: number, y: number, scale = 1): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
    `<circle r="3" ${HOOK}/><path d="M0 3V22a8 8 0 0 0 16 0V16M16 16l-4 4" ${HOOK}/></g>`
  );
}

/** A treble hook hanging from (x, y). */
function treble(x: number, y: number): string {
  return (
    `<g transform="translate(${x} ${y})"><circle r="2.4" ${HOOK}/>` +
    `<path d="M0 2V12M0 12a5 5 0 0 1 -8 3M0 12a5 5 0 0 0 8 3M0 12v7" ${HOOK}/></g>`
  );
}

const DRAWINGS: Readonly<Record<number, string>> = {
  // Natural bait: a pink earthworm with segment rings.
  [FW.natural]:
    '<path d="M18 60c8-18 22-20 30-6s22 12 30-8" fill="none" stroke="#b5556b" stroke-width="11" stroke-linecap="round"/>' +
    '<path d="M18 60c8-18 22-20 30-6s22 12 30-8" fill="none" stroke="#e58ea1" stroke-width="7" stroke-linecap="round"/>' +
    '<path d="M28 47l4 6M40 44l1 7M54 58l-3 6M66 60l-1 7M74 48l-5 4" stroke="#b5556b" stroke-width="1.6"/>',
  // Plant bait: corn kernels and a piece of bread.
  [FW.plant]:
    '<rect x="16" y="46" width="34" height="28" rx="8" fill="#f3e1b5" stroke="#b38a4e" stroke-width="3"/>' +
    '<g fill="#f6c431" stroke="#b98a12" stroke-width="1.5">' +
    '<path d="M58 30q9-6 16 2q2 10-8 12q-10-2-8-14z"/><path d="M52 52q9-6 16 2q2 10-8 12q-10-2-8-14z"/>' +
    '<path d="M70 58q9-6 16 2q2 10-8 12q-10-2-8-14z"/></g>',
  // Boilie: a speckled ball on a hair rig.
  [FW.boilie]:
    hook(30, 16, 1.1) +
    '<path d="M47 40q10 6 14 12" fill="none" stroke="#39424a" stroke-width="1.4"/>' +
    '<circle cx="62" cy="62" r="20" fill="#e07b39" stroke="#9c4a1b" stroke-width="3"/>' +
    '<g fill="#9c4a1b"><circle cx="55" cy="56" r="2"/><circle cx="67" cy="52" r="1.6"/><circle cx="70" cy="66" r="2.2"/>' +
    '<circle cx="58" cy="70" r="1.5"/><circle cx="63" cy="61" r="1.3"/></g>' +
    '<circle cx="55" cy="53" r="5" fill="#ffffff" fill-opacity="0.35"/>',
  // Pellet: a heap of brown cylinders.
  [FW.pellet]:
    '<g fill="#8a5a2b" stroke="#4f3216" stroke-width="2">' +
    '<circle cx="30" cy="62" r="10"/><circle cx="50" cy="66" r="10"/><circle cx="70" cy="62" r="10"/>' +
    '<circle cx="40" cy="46" r="10"/><circle cx="60" cy="46" r="10"/><circle cx="50" cy="30" r="10"/></g>' +
    '<g fill="#c28a52"><circle cx="30" cy="62" r="4"/><circle cx="50" cy="66" r="4"/><circle cx="70" cy="62" r="4"/>' +
    '<circle cx="40" cy="46" r="4"/><circle cx="60" cy="46" r="4"/><circle cx="50" cy="30" r="4"/></g>',
  // Groundbait: a method feeder packed with crumb.
  [FW.groundbait]:
    '<path d="M48 10V22" stroke="#39424a" stroke-width="2"/>' +
    '<rect x="26" y="22" width="44" height="56" rx="10" fill="#9c7a4f" stroke="#4b5a64" stroke-width="3"/>' +
    '<path d="M26 38H70M26 54H70M40 22V78M56 22V78" stroke="#4b5a64" stroke-width="2"/>' +
    '<g fill="#c9a874"><circle cx="33" cy="30" r="2"/><circle cx="48" cy="46" r="2.4"/><circle cx="62" cy="66" r="2"/>' +
    '<circle cx="34" cy="70" r="1.8"/></g>',
  // Spinner: a silver blade turning on a wire, body beads and a treble.
  [FW.spinner]:
    '<path d="M48 8V62" stroke="#39424a" stroke-width="2"/>' +
    '<ellipse cx="62" cy="30" rx="11" ry="20" fill="#d9dee3" stroke="#6c7a86" stroke-width="2.4" transform="rotate(18 62 30)"/>' +
    '<ellipse cx="58" cy="26" rx="4" ry="9" fill="#ffffff" fill-opacity="0.7" transform="rotate(18 58 26)"/>' +
    '<circle cx="48" cy="44" r="4" fill="#d23b3b"/><rect x="43" y="48" width="10" height="16" rx="4" fill="#c9a227"/>' +
    treble(48, 66),
  // Spoon: a red and white wobbling spoon.
  [FW.spoon]:
    '<path d="M48 10c14 0 20 22 16 40s-10 24-16 24s-12-6-16-24s2-40 16-40z" fill="#f2f2ee" stroke="#8a2a22" stroke-width="3"/>' +
    '<path d="M34 30q14 6 28 0M32 44q16 6 32 0M34 58q14 6 28 0" fill="none" stroke="#d2382d" stroke-width="6"/>' +
    '<circle cx="48" cy="14" r="2.6" fill="#6c7a86"/>' +
    treble(48, 74),
  // Wobbler: a minnow plug with a diving lip, eye and two trebles.
  [FW.wobbler]:
    '<path d="M14 44q28-22 62-4q4 4 0 8q-34 18-62-4z" fill="#5d8fb8" stroke="#2d4c66" stroke-width="2.4"/>' +
    '<path d="M16 46q28 14 60-2" fill="#e8eef2"/><path d="M76 42l12 4l-12 4z" fill="#d9e4ea" stroke="#2d4c66" stroke-width="1.6"/>' +
    '<circle cx="68" cy="42" r="3.4" fill="#ffd54a" stroke="#2d4c66"/><circle cx="68" cy="42" r="1.4" fill="#1c2630"/>' +
    treble(36, 52) +
    treble(58, 53),
  // Soft plastic: a chartreuse curly-tail grub on a jig head.
  [FW.softPlastic]:
    '<circle cx="24" cy="40" r="9" fill="#b8bec4" stroke="#59636b" stroke-width="2"/>' +
    '<path d="M30 38q18-6 30 2q6 6 4 12" fill="none" stroke="#9ccc2e" stroke-width="12" stroke-linecap="round"/>' +
    '<path d="M64 52q-2 16 12 16q10-2 8-14q-2-8-8-4" fill="none" stroke="#9ccc2e" stroke-width="5" stroke-linecap="round"/>' +
    '<path d="M36 34l2 8M44 33l1 8M52 34l0 8" stroke="#6f9a16" stroke-width="1.4"/>',
  // Jig: a round red lead head with a skirt.
  [FW.jig]:
    '<path d="M36 40q20 6 44 0M36 44q20 14 42 16M36 46q16 18 34 26" fill="none" stroke="#2f7d4a" stroke-width="3" stroke-linecap="round"/>' +
    '<circle cx="30" cy="42" r="13" fill="#d2382d" stroke="#7d1c16" stroke-width="2.4"/>' +
    '<circle cx="26" cy="38" r="3.4" fill="#ffffff"/><circle cx="26" cy="38" r="1.6" fill="#111111"/>' +
    '<path d="M42 42H60a10 10 0 0 1 0 20" fill="none" stroke="#5b6770" stroke-width="2.4"/>',
  // Fly: a dry fly with hackle, wings and tail on a hook.
  [FW.fly]:
    '<path d="M22 56H60a10 10 0 0 1 -4 16" fill="none" stroke="#5b6770" stroke-width="2.4" stroke-linecap="round"/>' +
    '<path d="M26 56q10-6 22 0" fill="#8b5a2b" stroke="#5b3a1b" stroke-width="2"/>' +
    '<path d="M22 56l-10-8M22 56l-12-2M22 56l-10 4" stroke="#b08a5a" stroke-width="1.6"/>' +
    '<path d="M48 54q-4-26 8-34q4 16-8 34zM50 54q6-24 20-28q-2 16-20 28z" fill="#d6dde2" stroke="#7d8a93" stroke-width="1.4"/>' +
    '<path d="M50 56l-8-10M50 56l10-10M50 56l-12 0M50 56l12 0M50 56l-6 10M50 56l8 8" stroke="#a0522d" stroke-width="1.6"/>',
  // Live bait: a small silver fish with a hook through the lip.
  [FW.liveBait]:
    '<path d="M20 50q22-20 50-4l14-10v28l-14-10q-28 16-50-4z" fill="#c9d4dc" stroke="#4f6675" stroke-width="2.4"/>' +
    '<path d="M22 52q24 8 46-2" fill="none" stroke="#8aa0ae" stroke-width="2"/>' +
    '<circle cx="30" cy="46" r="3" fill="#1c2630"/>' +
    hook(18, 34, 0.9),
  // Dead bait: a fish section with a red cut face.
  [FW.deadBait]:
    '<path d="M22 30h30l22 18l-22 18h-30z" fill="#6f8fa3" stroke="#334c5c" stroke-width="2.4"/>' +
    '<path d="M22 48h52" stroke="#b9c8d2" stroke-width="3"/>' +
    '<ellipse cx="22" cy="48" rx="8" ry="18" fill="#d9605a" stroke="#8a2a22" stroke-width="2.4"/>' +
    '<ellipse cx="22" cy="48" rx="3" ry="8" fill="#f3b1a9"/>',
  // Topwater: a popper with a cupped face and feather tail.
  [FW.topwater]:
    '<path d="M8 58H88" stroke="#7fbfe2" stroke-width="3" stroke-dasharray="6 4"/>' +
    '<path d="M22 36q-6 10 0 20h40q14-10 0-20z" fill="#f2c233" stroke="#8a6a12" stroke-width="2.4"/>' +
    '<ellipse cx="22" cy="46" rx="4" ry="10" fill="#8a6a12"/>' +
    '<path d="M62 44q14-8 22-2M62 48q14 2 22 8" fill="none" stroke="#d2382d" stroke-width="3" stroke-linecap="round"/>' +
    '<circle cx="32" cy="42" r="2.6" fill="#1c2630"/>' +
    treble(44, 56),
  // Sea bait: a pink prawn.
  [FW.seaBait]:
    '<path d="M70 30q-40-6-46 22q-2 16 16 18q-10-6-6-16q6-16 36-14z" fill="#f29a7e" stroke="#a34a31" stroke-width="2.4"/>' +
    '<path d="M38 38l4 8M46 34l2 9M54 32l1 9M62 31l0 9" stroke="#a34a31" stroke-width="1.4"/>' +
    '<path d="M70 30q10-6 18-18M70 32q12 0 20-8" fill="none" stroke="#a34a31" stroke-width="1.6"/>' +
    '<circle cx="66" cy="34" r="2" fill="#1c2630"/>' +
    '<path d="M40 70l-8 10M44 70l2 12" stroke="#a34a31" stroke-width="2"/>',
  // Metal jig: a long slim blue-silver jig with an assist hook.
  [FW.metalJig]:
    '<path d="M48 12q10 10 8 40q-2 26-8 34q-6-8-8-34q-2-30 8-40z" fill="#4c7fb5" stroke="#223f5c" stroke-width="2.4"/>' +
    '<path d="M48 16q6 10 5 36q-1 22-5 30" fill="none" stroke="#e6edf2" stroke-width="4"/>' +
    '<path d="M48 6V12M48 6q-10 4-10 14" fill="none" stroke="#5b6770" stroke-width="2"/>' +
    '<path d="M38 20v8a5 5 0 0 0 8 0" fill="none" stroke="#5b6770" stroke-width="2.2"/>',
};

/** Soft tinted disc behind each icon, so icons read on light and dark pages alike. */
const BACKDROPS: Readonly<Record<number, string>> = {
  [FW.natural]: '#f7e6d9',
  [FW.plant]: '#f7f0d2',
  [FW.boilie]: '#f9e7d7',
  [FW.pellet]: '#efe4d6',
  [FW.groundbait]: '#ede5d6',
  [FW.spinner]: '#e3ecf3',
  [FW.spoon]: '#f6e3e0',
  [FW.wobbler]: '#dde9f2',
  [FW.softPlastic]: '#ecf4d8',
  [FW.jig]: '#f5e1de',
  [FW.fly]: '#ece6dc',
  [FW.liveBait]: '#e1edf3',
  [FW.deadBait]: '#e6edf1',
  [FW.topwater]: '#fbf1d2',
  [FW.seaBait]: '#fbe5dc',
  [FW.metalJig]: '#dfe8f2',
};

/** The 96×96 SVG icon of a bait type (fish_way id); an unknown type gets a plain hook. */
export function buildBaitIconSvg(fishWayId: number): string {
  const drawing = DRAWINGS[fishWayId] ?? hook(40, 24, 1.6);
  const backdrop = BACKDROPS[fishWayId] ?? '#e9eef1';
  const s = BAIT_ICON_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="46" fill="${backdrop}" stroke="#ffffff" stroke-width="2"/>` +
    drawing +
    '</svg>'
  );
}
