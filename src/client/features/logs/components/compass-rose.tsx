import { useTranslation } from 'react-i18next';
import { COMPASS_POINTS, compassPoint, normaliseAngle } from '#shared/game/compass';

interface CompassRoseProps {
  /** Degrees clockwise from north. */
  angle: number;
  size?: number;
}

const R = 100; // the drawing's own units: a 240 × 240 box centred on 0, 0
const LABEL_R = 80;
const TICK_OUTER = 62;

/** Cartesian point of a bearing (clockwise from north, north up) at radius r. */
function polar(degrees: number, r: number): [number, number] {
  const radians = (degrees * Math.PI) / 180;
  return [r * Math.sin(radians), -r * Math.cos(radians)];
}

/**
 * The compass of a catch (docs/product-requirements.md §2): the 8 points N…NW, the needle at the catch's angle, the
 * point it falls in highlighted, and the angle in degrees in the middle. Drawn in SVG with the theme's colours, so it
 * follows dark mode.
 */
export function CompassRose({ angle, size = 180 }: CompassRoseProps) {
  const { t } = useTranslation('logs');
  const bearing = normaliseAngle(angle);
  const current = compassPoint(bearing);
  const [tipX, tipY] = polar(bearing, TICK_OUTER - 6);
  const [tailX, tailY] = polar(bearing + 180, 22);
  const [leftX, leftY] = polar(bearing - 90, 7);
  const [rightX, rightY] = polar(bearing + 90, 7);

  return (
    <svg
      viewBox={`${-R - 20} ${-R - 20} ${2 * R + 40} ${2 * R + 40}`}
      width={size}
      height={size}
      role="img"
      aria-label={t('detail.compassLabel', { point: t(`compassLong.${current}`), angle: bearing })}
      data-point={current}
      data-angle={bearing}
      style={{ display: 'block', overflow: 'visible' }}
    >
      <circle r={R} fill="var(--mantine-color-body)" stroke="var(--mantine-color-default-border)" strokeWidth={2} />
      <circle r={TICK_OUTER} fill="none" stroke="var(--mantine-color-default-border)" strokeWidth={1} />
      {Array.from({ length: 72 }, (_, i) => {
        const major = i % 9 === 0;
        const [x1, y1] = polar(i * 5, TICK_OUTER);
        const [x2, y2] = polar(i * 5, TICK_OUTER - (major ? 10 : i % 3 === 0 ? 6 : 3));
        return (
          <line
            key={i}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            stroke="var(--mantine-color-dimmed)"
            strokeWidth={major ? 2 : 1}
            aria-hidden
          />
        );
      })}
      {COMPASS_POINTS.map((point, i) => {
        const [x, y] = polar(i * 45, LABEL_R);
        const active = point === current;
        return (
          <g key={point} aria-hidden>
            {active && <circle cx={x} cy={y} r={15} fill="var(--mantine-primary-color-light)" />}
            <text
              x={x}
              y={y}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize={i % 2 === 0 ? 17 : 13}
              fontWeight={active || i === 0 ? 700 : 500}
              fill={active ? 'var(--mantine-primary-color-light-color)' : 'var(--mantine-color-text)'}
              data-active={active || undefined}
            >
              {t(`compass.${point}`)}
            </text>
          </g>
        );
      })}
      <polygon
        points={`${tipX},${tipY} ${leftX},${leftY} ${tailX},${tailY} ${rightX},${rightY}`}
        fill="var(--mantine-color-red-filled)"
        stroke="var(--mantine-color-body)"
        strokeWidth={1.5}
        aria-hidden
      />
      <circle r={24} fill="var(--mantine-color-body)" stroke="var(--mantine-color-default-border)" aria-hidden />
      <text
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={16}
        fontWeight={700}
        fill="var(--mantine-color-text)"
        aria-hidden
      >
        {`${bearing}°`}
      </text>
    </svg>
  );
}
