import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '@anybank/contracts';
import { brandCssVariables } from './brand-colors';

describe('the brand’s CSS custom properties', () => {
  it('are today’s navy for the default brand', () => {
    expect(brandCssVariables(DEFAULT_BRAND)).toEqual({
      '--brand-primary': '#0a3d7a',
      '--brand-primary-rgb': '10, 61, 122',
      '--brand-primary-dark': '#072c58',
      '--brand-primary-dark-rgb': '7, 44, 88',
      '--brand-accent': '#ffffff',
    });
  });

  it('follow a chosen brand, its hover shade darker', () => {
    expect(brandCssVariables({ primaryColor: '#1B5E20', accentColor: '#ffd54f' })).toMatchObject({
      '--brand-primary': '#1b5e20',
      '--brand-primary-dark': '#144417',
      '--brand-accent': '#ffd54f',
    });
  });

  it('leave the stylesheet’s colours alone for anything but #rrggbb', () => {
    expect(brandCssVariables({ primaryColor: 'red', accentColor: '#ffffff' })).toEqual({});
    expect(brandCssVariables({ primaryColor: '#fff', accentColor: '#ffffff' })).toEqual({});
  });
});
