/**
 * The heat layer: the non-empty blocks drawn on a canvas the size of the map's box, at screen resolution, again on
 * every move and zoom. Each block is filled opaque in its class's colour and outlined in a dark line, so even the
 * lowest class stands out from the map's own colours at any zoom, and the outline stays one pixel wide however far
 * the reader zooms in (an image of one pixel per cell could not do either). Hidden during Leaflet's zoom animation,
 * drawn again when it ends.
 */
import L from 'leaflet';
import type { Blocks } from '../heat-blocks';
import { BLOCK_OUTLINE, cellArea, classOf, type HeatClass, type HeatGrid } from '../heat-scale';

export interface HeatLayerData {
  blocks: Blocks;
  grid: HeatGrid;
  classes: readonly HeatClass[];
}

export class HeatCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;

  constructor(private data: HeatLayerData | null) {
    super();
  }

  setData(data: HeatLayerData | null): void {
    this.data = data;
    this.redraw();
  }

  override onAdd(map: L.Map): this {
    const canvas = L.DomUtil.create('canvas', 'leaflet-zoom-hide heat-layer');
    canvas.style.pointerEvents = 'none';
    canvas.setAttribute('aria-hidden', 'true');
    map.getPanes().overlayPane.appendChild(canvas);
    this.canvas = canvas;
    this.redraw();
    return this;
  }

  override onRemove(): this {
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  override getEvents(): Record<string, L.LeafletEventHandlerFn> {
    const redraw = () => this.redraw();
    return { move: redraw, zoom: redraw, zoomend: redraw, moveend: redraw, viewreset: redraw, resize: redraw };
  }

  private redraw(): void {
    const map = this._map as L.Map | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    const [width, height] = [Math.round(size.x * ratio), Math.round(size.y * ratio)];
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
    }
    // The canvas covers the map's box wherever the map has been dragged to.
    L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size.x, size.y);
    const data = this.data;
    if (!data || data.blocks.list.length === 0 || !(size.x > 0 && size.y > 0)) return;
    const { bounds } = data.grid;
    // CRS.Simple: a game unit is the same number of pixels across and up; y grows northwards, the screen's down.
    const origin = map.latLngToContainerPoint([bounds.y_min, bounds.x_min]);
    const far = map.latLngToContainerPoint([bounds.y_max, bounds.x_max]);
    const sx = (far.x - origin.x) / (bounds.x_max - bounds.x_min);
    const sy = (far.y - origin.y) / (bounds.y_max - bounds.y_min);
    if (!Number.isFinite(sx) || !Number.isFinite(sy)) return;
    context.lineWidth = 1;
    context.strokeStyle = BLOCK_OUTLINE;
    for (const block of data.blocks.list) {
      const heatClass = data.classes[classOf(block.count, data.classes)];
      if (!heatClass) continue;
      const area = cellArea(block, data.grid);
      const left = origin.x + (area.x_min - bounds.x_min) * sx;
      const right = origin.x + (area.x_max - bounds.x_min) * sx;
      const top = origin.y + (area.y_max - bounds.y_min) * sy;
      const bottom = origin.y + (area.y_min - bounds.y_min) * sy;
      if (right < 0 || left > size.x || bottom < 0 || top > size.y) continue;
      const [x, y, w, h] = [
        Math.round(left),
        Math.round(top),
        Math.round(right) - Math.round(left),
        Math.round(bottom) - Math.round(top),
      ];
      context.globalAlpha = heatClass.alpha;
      context.fillStyle = heatClass.color;
      context.fillRect(x, y, w, h);
      context.globalAlpha = 1;
      // Inside the block's own pixels, so neighbours' outlines sit side by side rather than on each other.
      if (w >= 4 && h >= 4) context.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
    }
  }
}
