import type { Locale } from '#shared/locales';

/**
 * Small flags for the language menu. Drawn as SVG rather than emoji: Windows has no flag emoji and would show the
 * letters "CN" / "US" / "JP" instead.
 */
export function FlagIcon({ locale, size = 20 }: { locale: Locale; size?: number }) {
  const height = Math.round((size * 2) / 3);
  const common = { width: size, height, viewBox: '0 0 30 20', 'aria-hidden': true, focusable: false } as const;
  const frame = { borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.15)', display: 'block', flex: 'none' } as const;
  if (locale === 'zh') {
    return (
      <svg {...common} style={frame}>
        <rect width="30" height="20" fill="#de2910" />
        <g fill="#ffde00">
          <path d="M5 2.2l.9 2.8h2.9l-2.4 1.7.9 2.8L5 7.8 2.7 9.5l.9-2.8-2.4-1.7h2.9z" />
          <circle cx="10" cy="2" r="0.7" />
          <circle cx="12" cy="4" r="0.7" />
          <circle cx="12" cy="7" r="0.7" />
          <circle cx="10" cy="9" r="0.7" />
        </g>
      </svg>
    );
  }
  if (locale === 'en') {
    return (
      <svg {...common} style={frame}>
        <rect width="30" height="20" fill="#fff" />
        <g fill="#b22234">
          {[0, 2, 4, 6, 8, 10, 12].map((row) => (
            <rect key={row} y={(row * 20) / 13} width="30" height={20 / 13} />
          ))}
        </g>
        <rect width="13" height={(20 * 7) / 13} fill="#3c3b6e" />
        <g fill="#fff">
          {[1.6, 4.1, 6.6, 9.1].flatMap((y, r) =>
            [1.7, 4.5, 7.3, 10.1].map((x) => <circle key={`${x}-${y}`} cx={x + (r % 2) * 1.4} cy={y} r="0.55" />),
          )}
        </g>
      </svg>
    );
  }
  return (
    <svg {...common} style={frame}>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#bc002d" />
    </svg>
  );
}
