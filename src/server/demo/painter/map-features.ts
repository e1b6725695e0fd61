import type { Pt } from '../water/geometry';
import { n1 } from './svg-path';

/** Small drawn objects placed on the maps. Angles are in radians; sizes in pixels. */

function rotated(cx: number, cy: number, angle: number, corners: readonly Pt[]): Pt[] {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return corners.map(([x, y]) => [cx + x * cos - y * sin, cy + x * sin + y * cos] as Pt);
}

function poly(points: readonly Pt[]): string {
  return points.map(([x, y]) => `${n1(x)},${n1(y)}`).join(' ');
}

/** A rectangle of length × width centred on (cx, cy), its length along `angle`. */
function rectPoints(cx: number, cy: number, length: number, width: number, angle: number): Pt[] {
  const l = length / 2;
  const w = width / 2;
  return rotated(cx, cy, angle, [
    [-l, -w],
    [l, -w],
    [l, w],
    [-l, w],
  ]);
}

export function house(cx: number, cy: number, length: number, width: number, angle: number, roof: string): string {
  const body = rectPoints(cx, cy, length, width, angle);
  const ridge = rotated(cx, cy, angle, [
    [-length / 2, 0],
    [length / 2, 0],
  ]);
  const [a, b] = ridge as [Pt, Pt];
  return (
    `<polygon points="${poly(body)}" fill="${roof}" stroke="#4a352b" stroke-width="0.9"/>` +
    `<line x1="${n1(a[0])}" y1="${n1(a[1])}" x2="${n1(b[0])}" y2="${n1(b[1])}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.2"/>`
  );
}

/** A wooden jetty from the shore point `p` out along `angle`. */
export function pier(p: Pt, angle: number, length: number): string {
  const cx = p[0] + (Math.cos(angle) * length) / 2;
  const cy = p[1] + (Math.sin(angle) * length) / 2;
  const deck = rectPoints(cx, cy, length, 6, angle);
  const endX = p[0] + Math.cos(angle) * length;
  const endY = p[1] + Math.sin(angle) * length;
  const head = rectPoints(endX, endY, 8, 16, angle);
  return (
    `<polygon points="${poly(deck)}" fill="#a0764c" stroke="#5e4129" stroke-width="1"/>` +
    `<polygon points="${poly(head)}" fill="#a0764c" stroke="#5e4129" stroke-width="1"/>`
  );
}

/** A small boat (hull and cabin), for harbours and marinas. */
export function boat(cx: number, cy: number, angle: number, size: number): string {
  const hull = rotated(cx, cy, angle, [
    [-size, -size * 0.32],
    [size * 0.6, -size * 0.32],
    [size, 0],
    [size * 0.6, size * 0.32],
    [-size, size * 0.32],
  ]);
  const cabin = rectPoints(cx - size * 0.15, cy, size * 0.6, size * 0.34, angle);
  return (
    `<polygon points="${poly(hull)}" fill="#f7f4ec" stroke="#4d5a63" stroke-width="0.9"/>` +
    `<polygon points="${poly(cabin)}" fill="#c9d3da" stroke="#4d5a63" stroke-width="0.6"/>`
  );
}

/** A concrete dam across a valley, `length` long, seen from above, with a spillway mark. */
export function dam(cx: number, cy: number, angle: number, length: number): string {
  const wall = rectPoints(cx, cy, length, 16, angle);
  const crest = rectPoints(cx, cy, length * 0.96, 5, angle);
  const spill = rectPoints(cx, cy, 26, 18, angle);
  return (
    `<polygon points="${poly(wall)}" fill="#b9bcbf" stroke="#5d6166" stroke-width="2"/>` +
    `<polygon points="${poly(crest)}" fill="#8e9297"/>` +
    `<polygon points="${poly(spill)}" fill="#e9f4fa" stroke="#5d6166" stroke-width="1"/>`
  );
}

/** A bridge deck over water at `p`, running along `angle`. */
export function bridge(p: Pt, angle: number, length: number): string {
  const deck = rectPoints(p[0], p[1], length, 11, angle);
  const inner = rectPoints(p[0], p[1], length - 4, 5, angle);
  return (
    `<polygon points="${poly(deck)}" fill="#8b7d6b" stroke="#3f362c" stroke-width="1.4"/>` +
    `<polygon points="${poly(inner)}" fill="#d9cfbd"/>`
  );
}

/** Lock gates across a canal: two dark bars. */
export function lockGates(p: Pt, angle: number, width: number): string {
  const across = angle + Math.PI / 2;
  const gap = 22;
  const bars = [-gap / 2, gap / 2].map((d) => {
    const x = p[0] + Math.cos(angle) * d;
    const y = p[1] + Math.sin(angle) * d;
    return `<polygon points="${poly(rectPoints(x, y, width, 4, across))}" fill="#4b3a2c"/>`;
  });
  return bars.join('');
}

export function lighthouse(p: Pt): string {
  const [x, y] = p;
  return (
    `<circle cx="${n1(x)}" cy="${n1(y)}" r="13" fill="#fff6c8" fill-opacity="0.55"/>` +
    `<circle cx="${n1(x)}" cy="${n1(y)}" r="6.5" fill="#ffffff" stroke="#b3362c" stroke-width="3"/>` +
    `<circle cx="${n1(x)}" cy="${n1(y)}" r="2" fill="#b3362c"/>`
  );
}

/** A boulder or skerry: an irregular grey blob given as its outline path. */
export function rock(d: string, fill: string): string {
  return `<path d="${d}" fill="${fill}" stroke="#5f5b52" stroke-width="0.9"/>`;
}
