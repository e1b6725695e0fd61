/**
 * Whether an SVG is safe to serve from our own origin (docs/catalogue-format.md §4): parsed as XML with
 * xmldom — never judged by regular expressions alone — then every node walked. Refused: `<script>`, `on*` event
 * attributes, `<foreignObject>`, a DOCTYPE with an internal subset (entity tricks), a stylesheet processing
 * instruction, and any `href`, `xlink:href`, CSS `url()` / `@import` that is not a same-document `#fragment`.
 */
import { DOMParser, type Node as XmlNode } from '@xmldom/xmldom';
import type { PackageProblemCode } from '#shared/catalogue-problem-codes';
import type { ProblemParams } from './package-problems';

export interface SvgFinding {
  code: PackageProblemCode;
  params?: ProblemParams;
}

export interface SvgCheck {
  findings: SvgFinding[];
  /** The picture's size from its `width` / `height` (plain or px), else its `viewBox`; null when it states none. */
  width: number | null;
  height: number | null;
}

const ELEMENT = 1;
const PROCESSING_INSTRUCTION = 7;
const DOCUMENT_TYPE = 10;
const ANIMATIONS = new Set(['animate', 'set', 'animatemotion', 'animatetransform']);
const CSS_URL = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;

function isFragment(reference: string): boolean {
  return reference.trim().startsWith('#');
}

/** Problems in CSS text (a style attribute or a <style> element). */
function cssFindings(css: string): SvgFinding[] {
  const findings: SvgFinding[] = [];
  // A CSS escape can spell `url(` or a scheme in a way the checks below would not see.
  if (css.includes('\\')) findings.push({ code: 'svg-external-reference', params: { reference: 'a CSS escape' } });
  if (/@import/i.test(css)) findings.push({ code: 'svg-external-reference', params: { reference: '@import' } });
  for (const match of css.matchAll(CSS_URL)) {
    const target = match[2] ?? '';
    if (!isFragment(target)) findings.push({ code: 'svg-external-reference', params: { reference: target } });
  }
  // `url(` that the pattern could not read (unbalanced) is refused as it stands.
  if (/url\(/i.test(css.replace(CSS_URL, ''))) {
    findings.push({ code: 'svg-external-reference', params: { reference: 'url(' } });
  }
  return findings;
}

function elementFindings(element: XmlNode & { attributes?: unknown }): SvgFinding[] {
  const el = element as unknown as {
    localName: string | null;
    nodeName: string;
    attributes: ArrayLike<{ name: string; localName: string | null; value: string }>;
    textContent: string | null;
  };
  const name = (el.localName ?? el.nodeName).toLowerCase();
  const findings: SvgFinding[] = [];
  if (name === 'script') findings.push({ code: 'svg-script' });
  if (name === 'foreignobject') findings.push({ code: 'svg-foreign-object' });
  if (name === 'style') findings.push(...cssFindings(el.textContent ?? ''));
  for (let i = 0; i < el.attributes.length; i += 1) {
    const attr = el.attributes[i];
    if (!attr) continue;
    const local = (attr.localName ?? attr.name).toLowerCase();
    if (local.startsWith('on')) findings.push({ code: 'svg-event-attribute', params: { attribute: attr.name } });
    if (local === 'href' && !isFragment(attr.value)) {
      findings.push({ code: 'svg-external-reference', params: { reference: attr.value } });
    }
    // An animation can set an href after the checks: refuse animating one at all.
    if (ANIMATIONS.has(name) && local === 'attributename' && /(^|:)href$/i.test(attr.value.trim())) {
      findings.push({ code: 'svg-external-reference', params: { reference: `animated ${attr.value}` } });
    }
    // Presentation attributes take url() too (fill="url(#gradient)").
    if (local === 'style' || /url\(/i.test(attr.value)) findings.push(...cssFindings(attr.value));
  }
  return findings;
}

function sizeOf(root: { getAttribute(name: string): string | null }): { width: number | null; height: number | null } {
  const plain = (value: string | null): number | null => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/.exec(value ?? '');
    return match ? Number(match[1]) : null;
  };
  const width = plain(root.getAttribute('width'));
  const height = plain(root.getAttribute('height'));
  if (width !== null && height !== null) return { width, height };
  const box = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite)) return { width: box[2] ?? null, height: box[3] ?? null };
  return { width: null, height: null };
}

function unique(findings: SvgFinding[]): SvgFinding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = JSON.stringify(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function checkSvg(text: string): SvgCheck {
  const none = { width: null, height: null };
  let document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'image/svg+xml');
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0] ?? 'unreadable';
    return { findings: [{ code: 'svg-malformed', params: { reason } }], ...none };
  }
  const root = document.documentElement;
  if (!root || (root.localName ?? root.nodeName).toLowerCase() !== 'svg') {
    return {
      findings: [{ code: 'image-format-mismatch', params: { ext: 'svg', actual: 'XML without an <svg> root' } }],
      ...none,
    };
  }

  const findings: SvgFinding[] = [];
  const stack: XmlNode[] = [document as unknown as XmlNode];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.nodeType === ELEMENT) findings.push(...elementFindings(node));
    else if (node.nodeType === DOCUMENT_TYPE && (node as unknown as { internalSubset?: string }).internalSubset) {
      findings.push({ code: 'svg-doctype' });
    } else if (node.nodeType === PROCESSING_INSTRUCTION && /stylesheet/i.test(node.nodeName)) {
      findings.push({ code: 'svg-external-reference', params: { reference: `<?${node.nodeName}?>` } });
    }
    for (let child = node.firstChild; child; child = child.nextSibling) stack.push(child);
  }
  return { findings: unique(findings), ...sizeOf(root) };
}
