/**
 * Colour contrast as WCAG 2.2 measures it (relative luminance, 1.4.3 and 1.4.11), and the shades
 * the portal derives from a tenant's colours when the configured ones cannot be read (decision 025).
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminanceOf(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const ratioOf = (a: Rgb, b: Rgb) => {
  const [x, y] = [luminanceOf(a), luminanceOf(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/** The contrast ratio of two `#rrggbb` colours (1 to 21); NaN when one is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [parseHex(a), parseHex(b)];
  return x && y ? ratioOf(x, y) : NaN;
}

/** `color` mixed toward `to` by `t` (0 to 1). */
const mix = (color: Rgb, to: Rgb, t: number) => color.map((v, i) => v + (to[i]! - v) * t) as Rgb;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/**
 * The shade of `color` nearest to it that has at least `ratio` against `against`: moved toward
 * black when it is the darker of the two, toward white when it is the lighter (a colour that is
 * already readable comes back unchanged). Not a hex colour: returned as it is.
 */
export function readableShade(color: string, against: string, ratio = 4.5): string {
  const [c, bg] = [parseHex(color), parseHex(against)];
  if (!c || !bg || ratioOf(c, bg) >= ratio) return color;
  const to = luminanceOf(c) <= luminanceOf(bg) ? BLACK : WHITE;
  for (let t = 0.02; t < 1; t += 0.02) {
    const shade = mix(c, to, t);
    if (ratioOf(shade, bg) >= ratio) return toHex(shade);
  }
  return toHex(to);
}

/**
 * A text colour that reaches `ratio` on `background`, which stays as the tenant set it: the text
 * keeps its hue and moves away from the background; where it cannot (white text on a light orange,
 * dark grey on a dark red), it becomes the one of black and white that reads best there.
 */
export function readableText(text: string, background: string, ratio = 4.5): string {
  const shade = readableShade(text, background, ratio);
  const reached = contrastRatio(shade, background);
  if (Number.isNaN(reached) || reached >= ratio) return shade;
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

/**
 * The light backgrounds the portal puts the theme colour on as text (white, light greys such as
 * #f5f6f8, the theme's own tints) are at least as light as this.
 */
export const LIGHTEST_TINT = '#f0f0f0';

/**
 * The theme colour as the portal uses it: for text on white and light tints, and as the background
 * of white text (buttons, the current category). The tenant's own colour when it reaches 4.5:1 on
 * #f0f0f0, else the nearest darker shade that does.
 */
export function accessibleThemeColor(themeColor: string): string {
  return readableShade(themeColor, LIGHTEST_TINT, 4.5);
}

/**
 * The theme colour a hovered control shows: a little darker than `accessibleThemeColor`, so white
 * text on a hovered primary button stays above 4.5:1 (antd's own hover shade is lighter and falls
 * below it, 3.35:1 for the demo's blue).
 */
export function hoverThemeColor(themeColor: string): string {
  const c = parseHex(accessibleThemeColor(themeColor));
  return c ? toHex(mix(c, BLACK, 0.12)) : themeColor;
}

/**
 * The light tint antd puts the theme colour on as text (the current menu item, a selected row,
 * processing tags: colorPrimaryBg and colorInfoBg): the theme colour mixed with white until the
 * tint is at least as light as LIGHTEST_TINT, so the theme colour stays readable on it (4.5:1). A
 * warm colour's own tint (an orange's #f2e9da) is darker than that and fell below.
 */
export function lightThemeTint(themeColor: string): string {
  const c = parseHex(accessibleThemeColor(themeColor));
  const floor = parseHex(LIGHTEST_TINT)!;
  if (!c) return LIGHTEST_TINT;
  for (let t = 0.9; t < 1; t += 0.01) {
    const tint = mix(c, WHITE, t);
    if (luminanceOf(tint) >= luminanceOf(floor)) return toHex(tint);
  }
  return '#ffffff';
}
