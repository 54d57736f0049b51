import type { IconName } from '../features/session/navigation';

// Minimal 20px stroke icons for the navigation; decorative, so hidden from assistive technology.
const paths: Record<IconName | 'logout' | 'chevron' | 'calendar' | 'alert' | 'filter' | 'menu' | 'close', string> = {
  overview: 'M3 10.5 10 4l7 6.5M5 9v7h4v-4h2v4h4V9',
  categories: 'M3 4h6v6H3zM11 4h6v6h-6zM3 12h6v5H3zM11 12h6v5h-6z',
  suppliers: 'M3 17V8l5-3v3l5-3v3l4-2v11zM7 13h1M11 13h1M15 13h0',
  contracts: 'M5 3h7l3 3v11H5zM12 3v3h3M8 10h4M8 13h4',
  explore: 'M3 3v14h14M7 13l3-4 3 2 4-6',
  lines: 'M3 5h14M3 10h14M3 15h14',
  query: 'M7 6 3 10l4 4M13 6l4 4-4 4M11 4 9 16',
  reports: 'M4 3h12v14H4zM7 13v-3M10 13V7M13 13v-5',
  imports: 'M10 3v10M6 9l4 4 4-4M4 16h12',
  admin: 'M10 3l6 2v5c0 4-3 6-6 7-3-1-6-3-6-7V5zM8 10l1.5 1.5L12.5 8',
  logout: 'M8 4H4v12h4M12 6l4 4-4 4M16 10H8',
  chevron: 'M6 8l4 4 4-4',
  calendar: 'M4 5h12v11H4zM4 8h12M7 3v3M13 3v3',
  alert: 'M10 3 2 17h16zM10 8v4M10 14.5v.5',
  filter: 'M3 5h14M6 10h8M9 15h2',
  menu: 'M3 5h14M3 10h14M3 15h14',
  close: 'M5 5l10 10M15 5 5 15',
};

export function Icon({ name, size = 18 }: { name: keyof typeof paths; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
