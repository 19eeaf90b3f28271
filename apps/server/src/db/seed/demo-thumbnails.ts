import { DEMO_EXPERIENCES, buildPalette } from './demo-branding.js';
import { DEMO_REPORTS, type DemoReport } from './demo-catalogue.js';
import { encodePng, type Rgba } from './png.js';

const SIZE = 64;
const RADIUS = 12;
const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
/** The page drawn on the tile, its folded corner and its three lines of text. */
const PAGE = { left: 18, right: 46, top: 12, bottom: 52, fold: 9 };
const LINES = [
  { top: 26, right: 41 },
  { top: 33, right: 41 },
  { top: 40, right: 35 },
];

function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Outside the tile's rounded corners. */
function isOutsideTile(x: number, y: number): boolean {
  const cx = Math.min(Math.max(x + 0.5, RADIUS), SIZE - RADIUS);
  const cy = Math.min(Math.max(y + 0.5, RADIUS), SIZE - RADIUS);
  return (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 > RADIUS ** 2;
}

/**
 * A demo document type's tile image: a white page with a folded corner and three lines, on a
 * rounded 64-pixel square of the type's colour (a `#rrggbb` dark enough for white to read on it).
 */
export function buildTypeThumbnailPng(colour: string): Buffer {
  const [red, green, blue] = rgbOf(colour);
  const tile: Rgba = [red, green, blue, 255];
  // The fold: the tile's colour mixed halfway with white.
  const fold: Rgba = [(red + 255) >> 1, (green + 255) >> 1, (blue + 255) >> 1, 255];
  return encodePng(SIZE, SIZE, (x, y) => {
    if (isOutsideTile(x, y)) return CLEAR;
    const onPage = x >= PAGE.left && x < PAGE.right && y >= PAGE.top && y < PAGE.bottom;
    if (!onPage) return tile;
    // Distance into the top-right corner: beyond the fold's diagonal the corner is cut away, just inside it is folded.
    const intoCorner = x - (PAGE.right - PAGE.fold) - (y - PAGE.top);
    if (intoCorner > 0) return tile;
    if (x >= PAGE.right - PAGE.fold && y < PAGE.top + PAGE.fold) return fold;
    const onLine = LINES.some((line) => y >= line.top && y < line.top + 3 && x >= PAGE.left + 5 && x < line.right);
    return onLine ? tile : WHITE;
  });
}

/** A demo type's image, in its client's hue turned a little further for each of the client's types. */
export function buildDemoTypeThumbnail(report: DemoReport): Buffer {
  const brand = DEMO_EXPERIENCES.find((experience) => experience.code === report.clientCode)!;
  const index = DEMO_REPORTS.filter((candidate) => candidate.clientCode === report.clientCode).indexOf(report);
  return buildTypeThumbnailPng(buildPalette((brand.hue + index * 40) % 360).primary);
}
