/**
 * The gutter glyphs of media/ that src/editor/decorations.ts draws on marked lines: a bug, not the
 * filled circle of a breakpoint; one per level and theme kind, coloured as the level's theme colour
 * (package.json `contributes.colors`), and legible on each kind's editor background.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const LEVELS = ['fatal', 'error', 'warning', 'info', 'debug'] as const;
/** Editor backgrounds of the default themes each kind of glyph is drawn on (VS Code applies `light` to light and high-contrast light, `dark` to dark and high-contrast dark). */
const BACKGROUNDS = {
  light: { 'Light Modern': '#FFFFFF', 'Light High Contrast': '#FFFFFF' },
  dark: { 'Dark Modern': '#1F1F1F', 'Dark High Contrast': '#000000' },
} as const;
/** WCAG 2.1's minimum contrast for graphics that carry meaning. */
const MIN_CONTRAST = 3;

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { colors: { id: string; defaults: Record<string, string> }[] } };
const svg = (name: string) => readFileSync(join(ROOT, 'media', name), 'utf8');
const colours = (text: string) => [...new Set([...text.matchAll(/(?:fill|stroke)="(#[0-9A-Fa-f]{6})"/g)].map((m) => m[1].toUpperCase()))];

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('gutter glyphs (media/gutter-*.svg)', () => {
  it('one per level and theme kind, plus the hollow one of a resolved or archived issue; no other', () => {
    const want = [...LEVELS, 'resolved'].flatMap((g) => [`gutter-${g}-dark.svg`, `gutter-${g}-light.svg`]).sort();
    assert.deepEqual(
      readdirSync(join(ROOT, 'media'))
        .filter((f) => f.startsWith('gutter-'))
        .sort(),
      want,
    );
  });

  it('never the shape of a breakpoint: no circle, but a body with six legs (a bug)', () => {
    for (const level of [...LEVELS, 'resolved']) {
      for (const kind of ['light', 'dark']) {
        const text = svg(`gutter-${level}-${kind}.svg`);
        assert.doesNotMatch(text, /<circle/, `gutter-${level}-${kind}.svg`);
        // The legs: six strokes out of the body.
        assert.equal((/<path d="([^"]+)" fill="none"/.exec(text)?.[1].match(/M/g) ?? []).length, 6, `gutter-${level}-${kind}.svg has six legs`);
        assert.doesNotMatch(text, /<script|href=|url\(/i, 'nothing but shapes');
      }
    }
  });

  it("each level's glyph is the level's theme colour, and stands out on every default background of its kind", () => {
    for (const level of LEVELS) {
      const defaults = manifest.contributes.colors.find((c) => c.id === `sentryExplorer.level.${level}`)!.defaults;
      for (const kind of ['light', 'dark'] as const) {
        const used = colours(svg(`gutter-${level}-${kind}.svg`));
        assert.deepEqual(used, [defaults[kind].toUpperCase()], `gutter-${level}-${kind}.svg is drawn in sentryExplorer.level.${level}'s ${kind} default`);
        for (const [theme, background] of Object.entries(BACKGROUNDS[kind])) {
          const ratio = contrast(used[0], background);
          assert.ok(ratio >= MIN_CONTRAST, `${level} on ${theme}: contrast ${ratio.toFixed(2)} < ${MIN_CONTRAST}`);
        }
      }
    }
  });

  it('the resolved glyph is hollow, in the debug grey of its kind', () => {
    for (const kind of ['light', 'dark'] as const) {
      const text = svg(`gutter-resolved-${kind}.svg`);
      assert.match(text, /<ellipse[^>]*fill="none"/);
      const grey = manifest.contributes.colors.find((c) => c.id === 'sentryExplorer.level.debug')!.defaults[kind].toUpperCase();
      assert.deepEqual(colours(text), [grey]);
      for (const [theme, background] of Object.entries(BACKGROUNDS[kind])) assert.ok(contrast(grey, background) >= MIN_CONTRAST, `resolved on ${theme}`);
    }
  });
});
