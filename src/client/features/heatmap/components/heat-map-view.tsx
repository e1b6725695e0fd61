/**
 * The map itself (Leaflet, `CRS.Simple`): the map's picture placed over its game bounds, so a latitude is a game `y`
 * and a longitude a game `x`, the heat layer on top (merged cells, heat-canvas-layer.ts), the chosen spot outlined.
 * It tells the page how wide a cell is on screen after every zoom, so the page merges cells to match. Loaded lazily
 * with Leaflet and its CSS (the home page's own chunk), so the first download of the site stays small.
 */
import 'leaflet/dist/leaflet.css';
import { ActionIcon } from '@mantine/core';
import { IconFocusCentered } from '@tabler/icons-react';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CircleMarker,
  ImageOverlay,
  MapContainer,
  Pane,
  Rectangle,
  useMap,
  useMapEvents,
  ZoomControl,
} from 'react-leaflet';
import { useLocale } from '../../../lib/use-locale';
import { blockAt, type Blocks, type Spot } from '../heat-blocks';
import { nearestBlock, POINTER_RADIUS_PX, TOUCH_RADIUS_PX } from '../heat-pick';
import { cellArea, cellAt, type HeatClass, type HeatGrid } from '../heat-scale';
import { formatCount, formatPoint } from '../../../lib/format-number';
import { HeatCanvasLayer } from './heat-canvas-layer';
import classes from './heat-map-view.module.css';

type Bounds = HeatGrid['bounds'];

interface HeatMapViewProps {
  /** The map's picture and the game bounds it covers. */
  picture: { url: string; bounds: Bounds };
  /** The grid of the counts and the blocks to draw; null draws none (loading, failed). */
  heat: { grid: HeatGrid; blocks: Blocks } | null;
  heatClasses: readonly HeatClass[];
  selected: Spot | null;
  /** The map's accessible name, and the id of the text that explains it. */
  label: string;
  describedBy?: string;
  onSelect: (spot: Spot) => void;
  /** How wide one cell of the grid is on screen (CSS pixels), after each zoom and resize. */
  onCellPx: (px: number) => void;
  onPictureLoad: () => void;
  onPictureError: () => void;
}

const toLatLngBounds = (b: Bounds) => L.latLngBounds([b.y_min, b.x_min], [b.y_max, b.x_max]);

/** The heat layer, kept on the map and given the new blocks as they change. */
function HeatLayer({ data }: { data: ConstructorParameters<typeof HeatCanvasLayer>[0] }) {
  const map = useMap();
  const layer = useRef<HeatCanvasLayer | null>(null);
  useEffect(() => {
    const added = new HeatCanvasLayer(null).addTo(map);
    layer.current = added;
    return () => {
      added.remove();
      layer.current = null;
    };
  }, [map]);
  useEffect(() => layer.current?.setData(data), [data]);
  return null;
}

/** Tells the page how wide a cell is on screen whenever the zoom or the map's size settles. */
function CellSize({ grid, onCellPx }: { grid: HeatGrid | null; onCellPx: (px: number) => void }) {
  const map = useMap();
  useEffect(() => {
    if (!grid) return;
    const report = () => {
      // CRS.Simple: 2^zoom screen pixels per game unit.
      const px = grid.cell_w * map.options.crs!.scale(map.getZoom());
      if (map.getSize().x > 0 && Number.isFinite(px)) onCellPx(px);
    };
    report();
    map.on('zoomend resize', report);
    return () => {
      map.off('zoomend resize', report);
    };
  }, [map, grid, onCellPx]);
  return null;
}

/** Fits the picture, limits zooming out to a little past it and panning to near it; names the map for assistive tech. */
function MapSetup({ bounds, label, describedBy }: { bounds: L.LatLngBounds; label: string; describedBy?: string }) {
  const map = useMap();
  useEffect(() => {
    // Until the player touches the map, it keeps showing the whole picture as its box changes size (layout settling,
    // a phone turned); afterwards only the zoom limits follow. The player's own input is what counts: Leaflet's move
    // events fire for its own adjustments too.
    let touched = false;
    const onInput = () => {
      touched = true;
    };
    const fit = () => {
      // Leaflet clamps the zoom that fits to the current limits: widen them first, then narrow them around it.
      map.setMinZoom(-20);
      map.setMaxZoom(20);
      const zoom = map.getBoundsZoom(bounds);
      if (!Number.isFinite(zoom)) return;
      map.setMinZoom(zoom - 0.5);
      map.setMaxZoom(zoom + 5);
      if (!touched) map.fitBounds(bounds, { animate: false });
    };
    map.setMaxBounds(bounds.pad(0.3));
    fit();
    const container = map.getContainer();
    const inputs = ['pointerdown', 'wheel', 'keydown', 'touchstart'] as const;
    for (const type of inputs) container.addEventListener(type, onInput, { passive: true });
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            map.invalidateSize({ animate: false, pan: false });
            fit();
          })
        : null;
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      for (const type of inputs) container.removeEventListener(type, onInput);
    };
  }, [map, bounds]);
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    if (describedBy) container.setAttribute('aria-describedby', describedBy);
    else container.removeAttribute('aria-describedby');
  }, [map, label, describedBy]);
  return null;
}

interface Hover {
  x: number;
  y: number;
  count: number | null;
}

/** A tap from a finger gets a wider reach than a mouse's click. */
function isTouch(event: L.LeafletMouseEvent): boolean {
  const original = event.originalEvent as MouseEvent & { pointerType?: string };
  if (original.pointerType) return original.pointerType !== 'mouse';
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * Pointer over the map: the game coordinates and the count of the block under it. A click or tap opens the nearest
 * non-empty block within reach (heat-pick.ts), so a tap beside a small patch of colour still opens it.
 */
function Interactions({
  heat,
  onHover,
  onSelect,
}: {
  heat: { grid: HeatGrid; blocks: Blocks } | null;
  onHover: (hover: Hover | null) => void;
  onSelect: (spot: Spot) => void;
}) {
  const map = useMap();
  const describe = (latlng: L.LatLng): Hover | null => {
    if (!heat) return null;
    const cell = cellAt(latlng.lng, latlng.lat, heat.grid);
    if (!cell) return null;
    return { x: latlng.lng, y: latlng.lat, count: blockAt(cell, heat.blocks)?.count ?? 0 };
  };
  useMapEvents({
    mousemove: (event) => onHover(describe(event.latlng)),
    mouseout: () => onHover(null),
    click: (event) => {
      if (!heat) return;
      const radius = (isTouch(event) ? TOUCH_RADIUS_PX : POINTER_RADIUS_PX) / map.options.crs!.scale(map.getZoom());
      const block = nearestBlock(event.latlng.lng, event.latlng.lat, heat.blocks, heat.grid, radius);
      onHover(block ? { x: event.latlng.lng, y: event.latlng.lat, count: block.count } : describe(event.latlng));
      if (block) onSelect({ col: block.col, row: block.row, size: block.size });
    },
  });
  return null;
}

export function HeatMapView({
  picture,
  heat,
  heatClasses,
  selected,
  label,
  describedBy,
  onSelect,
  onCellPx,
  onPictureLoad,
  onPictureError,
}: HeatMapViewProps) {
  const { t } = useTranslation('heatmap');
  const lang = useLocale();
  const mapRef = useRef<L.Map | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const { x_min, y_min, x_max, y_max } = picture.bounds;
  const bounds = useMemo(() => toLatLngBounds({ x_min, y_min, x_max, y_max }), [x_min, y_min, x_max, y_max]);
  const layerData = useMemo(
    () => (heat ? { blocks: heat.blocks, grid: heat.grid, classes: heatClasses } : null),
    [heat, heatClasses],
  );
  const grid = heat?.grid ?? null;
  const selectedBounds = useMemo(() => {
    if (!grid || !selected) return null;
    return toLatLngBounds(cellArea(selected, grid));
  }, [grid, selected]);
  const pictureHandlers = useMemo(
    () => ({ load: onPictureLoad, error: onPictureError }),
    [onPictureLoad, onPictureError],
  );
  const span = Math.max(x_max - x_min, y_max - y_min);
  const digits = span >= 200 ? 0 : 1;

  return (
    <>
      <MapContainer
        ref={mapRef}
        className={classes.map}
        crs={L.CRS.Simple}
        bounds={bounds}
        minZoom={-20}
        zoomSnap={0}
        zoomDelta={0.5}
        wheelPxPerZoomLevel={90}
        zoomControl={false}
        attributionControl={false}
        maxBoundsViscosity={0.8}
      >
        <MapSetup bounds={bounds} label={label} describedBy={describedBy} />
        <ImageOverlay url={picture.url} bounds={bounds} className={classes.picture} eventHandlers={pictureHandlers} />
        <HeatLayer data={layerData} />
        <CellSize grid={grid} onCellPx={onCellPx} />
        {selectedBounds && (
          // Above the heat layer, which lies in the overlay pane.
          <Pane name="heat-selection" style={{ zIndex: 450 }}>
            <Rectangle
              bounds={selectedBounds}
              pathOptions={{ color: '#111418', weight: 4, fill: false, interactive: false }}
            />
            <Rectangle
              bounds={selectedBounds}
              pathOptions={{ color: '#ffffff', weight: 2, fill: false, interactive: false }}
            />
            {/* A ring of fixed size around it: a spot may be only a few pixels wide while the whole map is in view. */}
            <CircleMarker
              center={selectedBounds.getCenter()}
              radius={12}
              pathOptions={{ color: '#111418', weight: 5, fill: false, interactive: false }}
            />
            <CircleMarker
              center={selectedBounds.getCenter()}
              radius={12}
              pathOptions={{ color: '#ffffff', weight: 2.5, fill: false, interactive: false }}
            />
          </Pane>
        )}
        <ZoomControl position="bottomright" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
        <Interactions heat={heat} onHover={setHover} onSelect={onSelect} />
      </MapContainer>
      {hover && (
        <div className={classes.readout} data-testid="heat-readout">
          {formatPoint(hover.x, hover.y, lang, digits)}
          {' · '}
          {hover.count
            ? t('map.catches', { count: hover.count, formatted: formatCount(hover.count, lang) })
            : t('map.none')}
        </div>
      )}
      <ActionIcon
        className={classes.reset}
        variant="default"
        size="lg"
        aria-label={t('map.reset')}
        title={t('map.reset')}
        onClick={() => mapRef.current?.fitBounds(bounds)}
      >
        <IconFocusCentered size={18} aria-hidden />
      </ActionIcon>
    </>
  );
}
