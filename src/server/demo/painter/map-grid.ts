import { n1 } from './svg-path';
import type { DemoMap } from '../world/maps';

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
const NICE_STEPS = [10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000];

/** Grid spacing in game units: the smallest round step that leaves at least ~80 px between lines. */
function gridStep(map: DemoMap): number {
  const unitsPerPx = (map.bounds.x_max - map.bounds.x_min) / map.width;
  return NICE_STEPS.find((s) => s / unitsPerPx >= 80) ?? 10_000;
}

/** Text with a light halo, drawn twice rather than with paint-order so every renderer gets the halo. */
function label(x: number, y: number, text: string, anchor: 'start' | 'middle' | 'end', size = 11): string {
  const common = `x="${n1(x)}" y="${n1(y)}" font-family="${FONT}" font-size="${size}" text-anchor="${anchor}"`;
  return (
    `<text ${common} fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="3" stroke-linejoin="round">${text}</text>` +
    `<text ${common} fill="#26332b">${text}</text>`
  );
}

/**
 * The game-coordinate grid (x grows east, y grows north, as in MapData.bounds), with labels along the bottom and the
 * left edge, plus a north arrow, a scale bar and a frame. Labels are ASCII digits only: no font fallback needed.
 */
export function mapGrid(map: DemoMap): string {
  const { width: w, height: h, bounds } = map;
  const step = gridStep(map);
  const toPx = (x: number): number => ((x - bounds.x_min) / (bounds.x_max - bounds.x_min)) * w;
  const toPy = (y: number): number => ((bounds.y_max - y) / (bounds.y_max - bounds.y_min)) * h;
  let lines = '';
  let labels = '';
  for (let x = Math.ceil(bounds.x_min / step) * step; x <= bounds.x_max; x += step) {
    const px = toPx(x);
    if (px > 0.5 && px < w - 0.5) lines += `M${n1(px)} 0V${h}`;
    if (px > 24 && px < w - 24) labels += label(px, h - 8, String(x), 'middle');
  }
  for (let y = Math.ceil(bounds.y_min / step) * step; y <= bounds.y_max; y += step) {
    const py = toPy(y);
    if (py > 0.5 && py < h - 0.5) lines += `M0 ${n1(py)}H${w}`;
    if (py > 20 && py < h - 24) labels += label(6, py - 4, String(y), 'start');
  }
  return (
    `<path d="${lines}" stroke="#1f2d27" stroke-opacity="0.16" stroke-width="2.2" fill="none"/>` +
    `<path d="${lines}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="0.9" fill="none"/>` +
    labels +
    northArrow(w - 58, 74) +
    scaleBar(w, h, step, (step / (bounds.x_max - bounds.x_min)) * w) +
    `<rect x="2" y="2" width="${w - 4}" height="${h - 4}" fill="none" stroke="#2f3b33" stroke-width="4"/>` +
    `<rect x="6" y="6" width="${w - 12}" height="${h - 12}" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="1"/>`
  );
}

function northArrow(cx: number, cy: number): string {
  return (
    `<g transform="translate(${cx} ${cy})">` +
    '<circle r="27" fill="#ffffff" fill-opacity="0.82" stroke="#2f3b33" stroke-width="1.6"/>' +
    '<circle r="21" fill="none" stroke="#2f3b33" stroke-opacity="0.4" stroke-width="0.8"/>' +
    '<path d="M0 -22L8 8L0 3Z" fill="#f4f1ea" stroke="#2f3b33" stroke-width="1"/>' +
    '<path d="M0 -22L-8 8L0 3Z" fill="#b3362c" stroke="#2f3b33" stroke-width="1"/>' +
    '<path d="M0 22L4 10M0 22L-4 10" stroke="#2f3b33" stroke-width="1"/>' +
    `<text y="-32" font-family="${FONT}" font-size="15" font-weight="bold" text-anchor="middle" fill="none" stroke="#ffffff" stroke-width="3.5">N</text>` +
    `<text y="-32" font-family="${FONT}" font-size="15" font-weight="bold" text-anchor="middle" fill="#2f3b33">N</text>` +
    '</g>'
  );
}

function scaleBar(w: number, h: number, units: number, px: number): string {
  const x0 = w - 36 - px;
  const y = h - 40;
  const half = px / 2;
  return (
    `<rect x="${n1(x0 - 8)}" y="${y - 20}" width="${n1(px + 16)}" height="32" rx="4" fill="#ffffff" fill-opacity="0.72"/>` +
    `<rect x="${n1(x0)}" y="${y}" width="${n1(half)}" height="6" fill="#2f3b33"/>` +
    `<rect x="${n1(x0 + half)}" y="${y}" width="${n1(half)}" height="6" fill="#ffffff" stroke="#2f3b33" stroke-width="1"/>` +
    `<text x="${n1(x0)}" y="${y - 5}" font-family="${FONT}" font-size="10" text-anchor="middle" fill="#26332b">0</text>` +
    `<text x="${n1(x0 + px)}" y="${y - 5}" font-family="${FONT}" font-size="10" text-anchor="middle" fill="#26332b">${units}</text>`
  );
}
