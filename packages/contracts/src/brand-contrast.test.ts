import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from './branding';
import { contrastProblems, contrastRatio, relativeLuminance, rgbOf } from './brand-contrast';

describe('contrast ratio (WCAG 2.2)', () => {
  // Reference values: WebAIM's contrast checker and the WCAG definition's end points.
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#0a3d7a', '#ffffff', 10.71],
    ['#0d6efd', '#ffffff', 4.5],
    ['#ff0000', '#ffffff', 3.99],
    ['#ffc72c', '#000000', 13.41],
  ])('%s against %s is %s:1', (first, second, expected) => {
    expect(contrastRatio(first, second)).toBeCloseTo(expected, 1);
    expect(contrastRatio(second, first)).toBeCloseTo(expected, 1);
  });

  it('reads luminance from #rrggbb only', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(rgbOf('#0A3D7A')).toEqual([10, 61, 122]);
    expect(rgbOf('#fff')).toBeNull();
    expect(rgbOf('navy')).toBeNull();
    expect(() => relativeLuminance('red')).toThrow();
  });
});

describe('the brand’s colour pairs against WCAG AA (4.5:1)', () => {
  it.each([
    {
      name: 'the default brand (today’s navy, white on it)',
      colors: { primaryColor: DEFAULT_BRAND.primaryColor, accentColor: DEFAULT_BRAND.accentColor },
      failing: [],
    },
    {
      name: 'a dark green with a gold accent',
      colors: { primaryColor: '#1b5e20', accentColor: '#ffd54f' },
      failing: [],
    },
    {
      name: 'a light primary under white text',
      colors: { primaryColor: '#7fb3ff', accentColor: '#ffffff' },
      failing: ['white-on-primary', 'accent-on-primary'],
    },
    {
      name: 'a black accent: black text on it cannot be read',
      colors: { primaryColor: '#7fb3ff', accentColor: '#000000' },
      failing: ['white-on-primary', 'black-on-accent'],
    },
    {
      name: 'an accent too close to the primary',
      colors: { primaryColor: '#0a3d7a', accentColor: '#1f5fa8' },
      failing: ['accent-on-primary', 'black-on-accent'],
    },
    {
      name: 'Bootstrap’s red: 3.99:1 under white text',
      colors: { primaryColor: '#ff0000', accentColor: '#ffffff' },
      failing: ['white-on-primary', 'accent-on-primary'],
    },
    {
      name: 'grey #777777: 4.48:1, just below',
      colors: { primaryColor: '#777777', accentColor: '#ffffff' },
      failing: ['white-on-primary', 'accent-on-primary'],
    },
    {
      name: 'grey #767676: 4.54:1, just above',
      colors: { primaryColor: '#767676', accentColor: '#ffffff' },
      failing: [],
    },
  ])('$name', ({ colors, failing }) => {
    expect(contrastProblems(colors).map((problem) => problem.pair)).toEqual(failing);
  });

  it('leaves colours that are not #rrggbb to their schema', () => {
    expect(contrastProblems({ primaryColor: 'navy', accentColor: '#ffffff' })).toEqual([]);
  });

  it('says which pair fails and its ratio, rounded down', () => {
    const [problem] = contrastProblems({ primaryColor: '#777777', accentColor: '#ffffff' });
    expect(problem).toMatchObject({ pair: 'white-on-primary', ratio: 4.47 });
    expect(problem?.message).toBe(
      'The contrast between white text and the primary colour #777777 is 4.47:1; WCAG AA needs at least 4.5:1 for text.',
    );
  });
});
