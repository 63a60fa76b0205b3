import { createRandom } from './audio/random.ts';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

function palette(seed: number) {
  const random = createRandom(seed);
  const hue = random.int(0, 359);
  const shift = random.pick([30, 140, 180, 210]);
  return { random, a: `hsl(${hue} 70% 48%)`, b: `hsl(${(hue + shift) % 360} 65% 22%)`, c: `hsl(${(hue + shift / 2) % 360} 80% 70%)` };
}

/** Square album artwork: a gradient, a few shapes and the title, different for every seed. */
export function albumCoverSvg(title: string, artist: string, seed: number): string {
  const { random, a, b, c } = palette(seed);
  const shapes: string[] = [];
  const kind = random.int(0, 2);
  for (let i = 0; i < 6; i++) {
    const x = random.int(0, 500);
    const y = random.int(0, 380);
    const r = random.int(30, 160);
    if (kind === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" opacity="${(0.08 + random.next() * 0.25).toFixed(2)}"/>`);
    else if (kind === 1) shapes.push(`<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" rx="12" fill="${c}" opacity="${(0.1 + random.next() * 0.2).toFixed(2)}" transform="rotate(${random.int(-40, 40)} ${x} ${y})"/>`);
    else shapes.push(`<path d="M0 ${y} Q 250 ${y - r} 500 ${y + random.int(-60, 60)}" stroke="${c}" stroke-width="${random.int(4, 22)}" fill="none" opacity="0.35"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 500" width="500" height="500">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="500" height="500" fill="url(#g)"/>
${shapes.join('\n')}
<text x="32" y="430" font-family="Helvetica, Arial, sans-serif" font-size="38" font-weight="700" fill="#fff">${escapeXml(title)}</text>
<text x="32" y="468" font-family="Helvetica, Arial, sans-serif" font-size="22" fill="#fff" opacity="0.8">${escapeXml(artist)}</text>
</svg>`;
}

/** Artist portrait placeholder: initials over a soft gradient. */
export function artistImageSvg(name: string, seed: number): string {
  const { a, b } = palette(seed);
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
<defs><radialGradient id="g" cx="0.3" cy="0.3" r="0.9"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></radialGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="150" font-weight="700" fill="#fff" opacity="0.92">${escapeXml(initials)}</text>
</svg>`;
}
