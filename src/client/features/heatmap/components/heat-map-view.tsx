/**
 * The map itself (Leaflet, `CRS.Simple`): the map's picture placed over its game bounds, so a latitude is a game `y`
 * and a longitude a game `x`, the heat layer on top, the chosen cell outlined. Loaded lazily with Leaflet and its
 * CSS (the home page's own chunk), so the first download of the site stays small.
 */
import 'leaflet/dist/leaflet.css';
import { ActionIcon } from '@mantine/core';
import { IconFocusCentered } from '@tabler/icons-react';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, ImageOverlay, MapContainer, Rectangle, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { useLocale } from '../../../lib/use-locale';
import { type Cell, cellArea, cellAt, countGrid, type HeatClass, type HeatGrid, heatPixels } from '../heat-scale';
import { formatCount, formatPoint } from '../../../lib/format-number';
import classes from './heat-map-view.module.css';

type Bounds = HeatGrid['bounds'];

interface HeatLayerData extends HeatGrid {
  cells: readonly (readonly [number, number, number])[];
}

interface HeatMapViewProps {
  /** The map's picture and the game bounds it covers. */
  picture: { url: string; bounds: Bounds };
  /** The counts to draw; null draws none (loading, failed). */
  heat: HeatLayerData | null;
  heatClasses: readonly HeatClass[];
  selected: Cell | null;
  /** The map's accessible name, and the id of the text that explains it. */
  label: string;
  describedBy?: string;
  onSelect: (cell: Cell) => void;
  onPictureLoad: () => void;
  onPictureError: () => void;
}

const toLatLngBounds = (b: Bounds) => L.latLngBounds([b.y_min, b.x_min], [b.y_max, b.x_max]);

/**
 * The heat layer as one small image (a pixel per cell, enlarged without smoothing): 16,384 cells cost one
 * `putImageData` instead of thousands of shapes. Empty when the browser has no canvas.
 */
function heatImage(heat: HeatLayerData, heatClasses: readonly HeatClass[]): string {
  const canvas = document.createElement('canvas');
  canvas.width = heat.cols;
  canvas.height = heat.rows;
  const context = canvas.getContext('2d');
  if (!context) return '';
  const image = context.createImageData(heat.cols, heat.rows);
  image.data.set(heatPixels(heat.cells, heat.cols, heat.rows, heatClasses));
  context.putImageData(image, 0, 0);
  return canvas.toDataURL('image/png');
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

/** Pointer over the map: the game coordinates and the count of the cell under it; a click opens the cell. */
function Interactions({
  heat,
  onHover,
  onSelect,
}: {
  heat: HeatLayerData | null;
  onHover: (hover: Hover | null) => void;
  onSelect: (cell: Cell) => void;
}) {
  const counts = useMemo(() => (heat ? countGrid(heat.cells, heat.cols, heat.rows) : null), [heat]);
  const describe = (latlng: L.LatLng): Hover | null => {
    if (!heat || !counts) return null;
    const cell = cellAt(latlng.lng, latlng.lat, heat);
    if (!cell) return null;
    return { x: latlng.lng, y: latlng.lat, count: counts[cell.row * heat.cols + cell.col]! };
  };
  useMapEvents({
    mousemove: (event) => onHover(describe(event.latlng)),
    mouseout: () => onHover(null),
    click: (event) => {
      const hover = describe(event.latlng);
      onHover(hover);
      const cell = heat && cellAt(event.latlng.lng, event.latlng.lat, heat);
      if (cell) onSelect(cell);
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
  onPictureLoad,
  onPictureError,
}: HeatMapViewProps) {
  const { t } = useTranslation('heatmap');
  const lang = useLocale();
  const mapRef = useRef<L.Map | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const { x_min, y_min, x_max, y_max } = picture.bounds;
  const bounds = useMemo(() => toLatLngBounds({ x_min, y_min, x_max, y_max }), [x_min, y_min, x_max, y_max]);
  const heatUrl = useMemo(() => (heat ? heatImage(heat, heatClasses) : ''), [heat, heatClasses]);
  const heatBounds = useMemo(() => (heat ? toLatLngBounds(heat.bounds) : null), [heat]);
  const selectedBounds = useMemo(() => {
    if (!heat || !selected) return null;
    return toLatLngBounds(cellArea(selected, heat));
  }, [heat, selected]);
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
        {heatUrl && heatBounds && (
          <ImageOverlay url={heatUrl} bounds={heatBounds} className={`${classes.heat} heat-layer`} zIndex={2} />
        )}
        {selectedBounds && (
          <>
            <Rectangle
              bounds={selectedBounds}
              pathOptions={{ color: '#111418', weight: 4, fill: false, interactive: false }}
            />
            <Rectangle
              bounds={selectedBounds}
              pathOptions={{ color: '#ffffff', weight: 2, fill: false, interactive: false }}
            />
            {/* A ring of fixed size around it: a cell is only a few pixels wide while the whole map is in view. */}
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
          </>
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
