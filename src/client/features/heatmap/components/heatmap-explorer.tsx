import { Box, Grid, Group, Loader, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemLink } from '../../../components/item-link';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { loadBaseConfig, useBaseConfig } from '../../../lib/base-config';
import { pickable } from '../../../lib/catalogue-changes';
import { mediaUrl } from '../../../lib/api-client';
import { useDisplayName } from '../../../lib/use-display-name';
import { type HeatQuery, useHeatmap, useMapFishes } from '../api/heatmap-queries';
import { blocksFor, type Spot } from '../heat-blocks';
import { heatClasses as classesFor } from '../heat-scale';
import { type HeatFilters, useHeatmapParams } from '../hooks/use-heatmap-params';
import { BusiestSpots } from './busiest-spots';
import { CellDetails } from './cell-details';
import { EmptyOffer } from './empty-offer';
import { HeatLegend } from './heat-legend';
import { HeatmapFilters } from './heatmap-filters';
import { useHydrated } from '../../../lib/browser-state';

// Leaflet and its CSS come with the map view, a chunk of its own. Its download starts as soon as the page's own chunk
// runs, alongside the page's texts, the heat map's counts and the map's picture.
const loadView = () => import('./heat-map-view');
const HeatMapView = lazy(() => loadView().then((module) => ({ default: module.HeatMapView })));
void loadView().catch(() => undefined);

const HELP_ID = 'heat-map-help';
const SUMMARY_ID = 'heat-summary';

type ViewState = 'loading' | 'ready' | 'empty' | 'error';

function MapLoading({ label }: { label: string }) {
  return (
    <Box
      pos="absolute"
      inset={0}
      style={{ zIndex: 600, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}
      role="status"
    >
      <Paper shadow="sm" radius="xl" px="md" py={6} withBorder>
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm">{label}</Text>
        </Group>
      </Paper>
    </Box>
  );
}

/**
 * The map's picture: fetched at once (in parallel with Leaflet's chunk and the counts), then drawn by the map view,
 * which reports when it has loaded or failed.
 */
function usePicture(url: string) {
  const [done, setDone] = useState<{ url: string; failed: boolean } | null>(null);
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.src = url;
  }, [url]);
  const onLoad = useCallback(() => setDone({ url, failed: false }), [url]);
  const onError = useCallback(() => setDone({ url, failed: true }), [url]);
  const ready = done !== null && done.url === url;
  return { ready, failed: ready && done.failed, onLoad, onError };
}

/** The view of the URL with the map resolved: the map of the URL when the catalogue knows it, else the first map. */
function useHeatView() {
  const { status, maps, fish, mapById, fishById } = useBaseConfig();
  const [params, update] = useHeatmapParams();
  // Before the catalogue has arrived, the URL's map is taken on trust, so a shared link asks at once.
  const urlMapKnown = params.map !== null && (maps.length === 0 || mapById(params.map) !== undefined);
  // The default map is the first the game still has.
  const mapId = urlMapKnown ? params.map : ((pickable(maps)[0] ?? maps[0])?.id ?? null);
  const map = mapById(mapId);
  const query = useMemo<HeatQuery | null>(
    () =>
      mapId === null
        ? null
        : { map: mapId, fish: params.fish, range: params.range, star: params.star, all: params.all },
    [mapId, params.fish, params.range, params.star, params.all],
  );
  const mapFish = useMemo(() => fish.filter((item) => mapId !== null && item.data.maps.includes(mapId)), [fish, mapId]);
  const fishes = useMapFishes(mapId, mapFish);
  const heat = useHeatmap(query);
  const pictureUrl = map ? (mediaUrl(map.data.image) ?? '') : '';
  const picture = usePicture(pictureUrl);
  return {
    status,
    maps,
    params,
    update,
    mapId,
    map,
    query,
    fishes: fishes.data ?? mapFish,
    fishById,
    heat,
    pictureUrl,
    picture,
  };
}

/**
 * The home page's body (docs/product-requirements.md §1, §2 "Heat map"). The counts, the fish list, the picture and
 * Leaflet's chunk are asked for here, before the page's texts have arrived (the body waits for them), so none of them
 * waits for another.
 */
export function HeatmapExplorer() {
  useHeatView();
  return (
    <Suspense fallback={<ExplorerSkeleton />}>
      <ExplorerBody />
    </Suspense>
  );
}

/** The page's layout in grey while its texts load (a moment, on the first visit only). */
function ExplorerSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Grid gap="sm">
        {[0, 1, 2, 3].map((key) => (
          <Grid.Col key={key} span={{ base: 6, md: 3 }}>
            <Skeleton h={60} radius="sm" />
          </Grid.Col>
        ))}
      </Grid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton radius="md" style={{ aspectRatio: '4 / 3', maxHeight: '75vh' }} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={180} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * Filters kept in the URL, the map with its heat layer, the density summary and legend, and the catches of the chosen
 * cell (or the busiest spots while none is chosen).
 */
function ExplorerBody() {
  const { t } = useTranslation('heatmap');
  const hydrated = useHydrated();
  const displayName = useDisplayName();
  const { status, maps, params, update, mapId, map, query, fishes, fishById, heat, pictureUrl, picture } =
    useHeatView();
  const detailsRef = useRef<HTMLElement>(null);
  const scrollToDetails = useRef(false);
  const filters = useMemo<HeatFilters>(
    () => ({ map: mapId, fish: params.fish, range: params.range, star: params.star, all: params.all }),
    [mapId, params.fish, params.range, params.star, params.all],
  );
  const data = heat.data;
  const current = data !== undefined && !heat.isPlaceholderData;
  // How wide a cell is on screen, as the map last told (0 until it has a size): the cells are merged to it.
  const [cellPx, setCellPx] = useState(0);
  const blocks = useMemo(() => (data ? blocksFor(data.cells, data.cols, data.rows, cellPx) : null), [data, cellPx]);
  const layer = useMemo(() => (data && blocks ? { grid: data, blocks } : null), [data, blocks]);
  const heatClasses = useMemo(() => classesFor(blocks?.max ?? 0), [blocks?.max]);

  const select = useCallback(
    (cell: Spot) => {
      scrollToDetails.current = true;
      update({ cell });
    },
    [update],
  );
  const selected =
    params.cell && data && params.cell.col < data.cols && params.cell.row < data.rows ? params.cell : null;
  useEffect(() => {
    if (selected && scrollToDetails.current) {
      scrollToDetails.current = false;
      // On a phone the details are below the map; on a desktop beside it, where this does nothing.
      detailsRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
  }, [selected]);

  const failed = heat.isError && !heat.isFetching;
  const viewState: ViewState = failed
    ? 'error'
    : !current || !picture.ready
      ? 'loading'
      : data.total === 0
        ? 'empty'
        : 'ready';
  const mapName = map ? displayName(map) : '';
  const chosenFish = params.fish !== null ? fishById(params.fish) : undefined;

  let mapArea: React.ReactNode;
  if (!map) {
    mapArea =
      status === 'error' && maps.length === 0 ? (
        <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void loadBaseConfig()} />
      ) : (
        <Box
          pos="relative"
          style={{ aspectRatio: '4 / 3', maxHeight: '75vh', borderRadius: 'var(--mantine-radius-md)' }}
          bg="var(--mantine-color-default-hover)"
        >
          <MapLoading label={t('map.loading')} />
        </Box>
      );
  } else {
    mapArea = (
      <Stack gap="xs">
        {failed && (
          <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void heat.refetch()} />
        )}
        <Box
          pos="relative"
          data-testid="heatmap"
          data-state={viewState}
          data-cells={current ? data.cells.length : undefined}
          data-total={current ? data.total : undefined}
          data-block-size={current ? blocks?.size : undefined}
          data-blocks={current ? blocks?.list.length : undefined}
          aria-busy={viewState === 'loading'}
          style={{
            aspectRatio: `${map.data.width} / ${map.data.height}`,
            maxHeight: '75vh',
            minHeight: 280,
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
            border: '1px solid var(--mantine-color-default-border)',
            // Leaflet's panes and controls carry z-indexes up to 1000: kept inside the map, so the filters' dropdowns
            // and the page's menus open above it.
            isolation: 'isolate',
          }}
        >
          {/* Leaflet's code and the map itself are the browser's: the server sends the frame around them. */}
          {hydrated ? (
            <Suspense fallback={null}>
              <HeatMapView
                key={map.id}
                picture={{ url: pictureUrl, bounds: map.data.bounds }}
                heat={layer}
                heatClasses={heatClasses}
                selected={selected}
                label={t('map.label', { map: mapName })}
                describedBy={`${HELP_ID} ${SUMMARY_ID}`}
                onSelect={select}
                onCellPx={setCellPx}
                onPictureLoad={picture.onLoad}
                onPictureError={picture.onError}
              />
            </Suspense>
          ) : null}
          {viewState === 'loading' && <MapLoading label={t('map.loading')} />}
          {viewState === 'empty' && query && (
            <EmptyOffer
              query={query}
              fishName={chosenFish ? displayName(chosenFish) : ''}
              onChange={(patch) => update(patch)}
            />
          )}
        </Box>
        {picture.failed && (
          <Text size="sm" c="dimmed">
            {t('map.pictureFailed')}
          </Text>
        )}
        <VisuallyHidden id={HELP_ID}>{t('map.help')}</VisuallyHidden>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <HeatmapFilters value={filters} fishes={fishes} onChange={(patch) => update(patch)} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {mapArea}
          {map && (
            // The map's and the chosen fish's own pages (issue 23): what lives there and what bites, beyond where.
            <Group gap="md" mt="xs" data-testid="heat-pages">
              <ItemLink item={map} size="sm" fw={600}>
                {t('pages.map', { map: mapName })}
              </ItemLink>
              {chosenFish && (
                <ItemLink item={chosenFish} size="sm" fw={600}>
                  {t('pages.fish', { fish: displayName(chosenFish) })}
                </ItemLink>
              )}
            </Group>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <HeatLegend
              id={SUMMARY_ID}
              total={data ? data.total : null}
              updatedAt={data?.updated_at ?? null}
              range={params.range}
              all={params.all}
              heatClasses={data && data.total > 0 ? heatClasses : []}
              blockSize={blocks?.size ?? 1}
            />
            {query && data && selected ? (
              <CellDetails
                ref={detailsRef}
                query={query}
                cell={selected}
                grid={data}
                onClose={() => update({ cell: null })}
              />
            ) : (
              data && blocks && <BusiestSpots grid={data} blocks={blocks} heatClasses={heatClasses} onSelect={select} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
