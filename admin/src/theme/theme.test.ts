import { describe, expect, it } from 'vitest';
import { themeFromSite } from './theme.ts';

const LIGHT = {
  '--be-background': '255 255 255',
  '--be-background-alt': '245 246 248',
  '--be-paper': '255 255 255',
  '--be-foreground-base': '17 17 20',
  '--be-text-main': '0.87',
  '--be-text-muted': '0.6',
  '--be-divider': '0.12',
  '--be-primary': '79 70 229',
  '--be-on-primary': '255 255 255',
  '--be-danger': '220 38 38',
  '--be-positive': '22 163 74',
  '--be-navbar': '255 255 255',
  '--be-radius': '6px',
};

describe("the back office's themes, made of the site's", () => {
  it("takes the site's colours, text opacities, corner radius and font", () => {
    const theme = themeFromSite(LIGHT, 'light');
    expect(theme.palette).toMatchObject({
      mode: 'light',
      primary: { main: 'rgb(79, 70, 229)', contrastText: 'rgb(255, 255, 255)' },
      error: { main: 'rgb(220, 38, 38)' },
      success: { main: 'rgb(22, 163, 74)' },
      background: { default: 'rgb(255, 255, 255)', paper: 'rgb(255, 255, 255)' },
      text: { primary: 'rgba(17, 17, 20, 0.87)', secondary: 'rgba(17, 17, 20, 0.6)' },
      divider: 'rgba(17, 17, 20, 0.12)',
    });
    expect(theme.shape).toEqual({ borderRadius: 6 });
    expect(String(theme.typography && 'fontFamily' in theme.typography ? theme.typography.fontFamily : '')).toMatch(/^system-ui/);
  });

  it('leaves out what a theme does not say or says wrongly, so the defaults apply', () => {
    const theme = themeFromSite({ '--be-primary': 'red; background: url(x)', '--be-danger': '300 0 0', '--be-radius': 'round' }, 'dark');
    expect(theme.palette?.mode).toBe('dark');
    expect(theme.palette).not.toHaveProperty('primary');
    expect(theme.palette).not.toHaveProperty('error');
    expect(theme.palette?.background).toEqual({});
    expect(theme.shape).toEqual({ borderRadius: 10 });
  });
});
