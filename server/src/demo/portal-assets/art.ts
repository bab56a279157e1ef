// The demo portal's pictures (issue 16, "A portal worth opening on a fresh install"): hero slides,
// hall banners, precinct and special-service cards and the logo, drawn as SVG here and uploaded
// through the platform's own put-file (portal.ts), so a fresh install needs no outside address.
// They carry no words: the slide's title and subtitle are drawn over them by the page, in the
// reader's language. Deterministic (a seeded generator), so every install draws the same pictures.

/** A small seeded generator (mulberry32): the same picture on every install. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r1 = (n: number) => Math.round(n * 10) / 10;

/** A rolling hill along the bottom: a smooth path through points of a gentle wave. */
function hill(w: number, h: number, base: number, amp: number, phase: number, fill: string, opacity: number): string {
  const steps = 8;
  const pts = Array.from({ length: steps + 1 }, (_, i) => [(w / steps) * i, base - amp * Math.sin(phase + (i / steps) * Math.PI * 1.6)] as const);
  let d = `M0 ${h} L0 ${r1(pts[0][1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    const cx = (x0 + x1) / 2;
    d += ` C${r1(cx)} ${r1(y0)} ${r1(cx)} ${r1(y1)} ${r1(x1)} ${r1(y1)}`;
  }
  return `<path d="${d} L${w} ${h} Z" fill="${fill}" fill-opacity="${opacity}"/>`;
}

/** A row of campus buildings (teaching blocks with windows, a library with a dome, a clock tower). */
function skyline(x0: number, width: number, ground: number, scale: number, fill: string, opacity: number, seed: number): string {
  const rnd = random(seed);
  const out: string[] = [`<g fill="${fill}" fill-opacity="${opacity}">`];
  let x = x0;
  let i = 0;
  while (x < x0 + width) {
    const kind = i % 5;
    if (kind === 2) {
      // library: a wide hall, columns and a dome
      const w = 150 * scale, h = 90 * scale;
      out.push(`<rect x="${r1(x)}" y="${r1(ground - h)}" width="${r1(w)}" height="${r1(h)}"/>`);
      out.push(`<path d="M${r1(x + w * 0.2)} ${r1(ground - h)} A${r1(w * 0.3)} ${r1(w * 0.3)} 0 0 1 ${r1(x + w * 0.8)} ${r1(ground - h)} Z"/>`);
      out.push(`<rect x="${r1(x + w / 2 - 2 * scale)}" y="${r1(ground - h - w * 0.3 - 18 * scale)}" width="${r1(4 * scale)}" height="${r1(18 * scale)}"/>`);
      x += w + 14 * scale;
    } else if (kind === 4) {
      // clock tower
      const w = 38 * scale, h = 190 * scale;
      out.push(`<rect x="${r1(x)}" y="${r1(ground - h)}" width="${r1(w)}" height="${r1(h)}"/>`);
      out.push(`<path d="M${r1(x - 4 * scale)} ${r1(ground - h)} L${r1(x + w / 2)} ${r1(ground - h - 42 * scale)} L${r1(x + w + 4 * scale)} ${r1(ground - h)} Z"/>`);
      x += w + 18 * scale;
    } else {
      const w = (70 + rnd() * 70) * scale, h = (80 + rnd() * 90) * scale;
      out.push(`<rect x="${r1(x)}" y="${r1(ground - h)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(2 * scale)}"/>`);
      x += w + (10 + rnd() * 16) * scale;
    }
    i++;
  }
  out.push('</g>');
  return out.join('');
}

/** Lit windows on the buildings' faces: small squares, a few of them warm. */
function windows(x0: number, width: number, ground: number, scale: number, seed: number): string {
  const rnd = random(seed + 7);
  const out: string[] = ['<g>'];
  for (let k = 0; k < 70; k++) {
    const x = x0 + rnd() * width, y = ground - 20 * scale - rnd() * 110 * scale;
    const warm = rnd() < 0.25;
    out.push(`<rect x="${r1(x)}" y="${r1(y)}" width="${r1(6 * scale)}" height="${r1(8 * scale)}" fill="${warm ? '#ffe3a3' : '#ffffff'}" fill-opacity="${warm ? 0.55 : 0.22}"/>`);
  }
  out.push('</g>');
  return out.join('');
}

/** Nodes joined by thin lines: the "connected campus" motif. */
function network(x0: number, y0: number, w: number, h: number, seed: number): string {
  const rnd = random(seed);
  const nodes = Array.from({ length: 16 }, () => [x0 + rnd() * w, y0 + rnd() * h] as const);
  const out: string[] = ['<g stroke="#ffffff" stroke-opacity="0.28" stroke-width="1.4">'];
  for (let i = 0; i < nodes.length; i++) {
    const near = nodes.map((n, j) => [j, Math.hypot(n[0] - nodes[i][0], n[1] - nodes[i][1])] as const).filter(([j]) => j !== i).sort((a, b) => a[1] - b[1]).slice(0, 2);
    for (const [j] of near) if (j > i) out.push(`<line x1="${r1(nodes[i][0])}" y1="${r1(nodes[i][1])}" x2="${r1(nodes[j][0])}" y2="${r1(nodes[j][1])}"/>`);
  }
  out.push('</g><g fill="#ffffff">');
  for (const [i, [x, y]] of nodes.entries()) out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${i % 4 === 0 ? 6 : 3.5}" fill-opacity="${i % 4 === 0 ? 0.75 : 0.45}"/>`);
  out.push('</g>');
  return out.join('');
}

/** Soft round glows. */
function glows(w: number, h: number, seed: number): string {
  const rnd = random(seed + 3);
  return Array.from({ length: 5 }, () => `<circle cx="${r1(w * (0.45 + rnd() * 0.55))}" cy="${r1(h * rnd() * 0.7)}" r="${r1(h * (0.04 + rnd() * 0.12))}" fill="#ffffff" fill-opacity="${(0.04 + rnd() * 0.07).toFixed(2)}"/>`).join('');
}

/** An open book. */
function book(cx: number, cy: number, s: number, color = '#ffffff', opacity = 0.85): string {
  return `<g fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${r1(3 * s)}" stroke-linejoin="round">`
    + `<path d="M${r1(cx)} ${r1(cy - 20 * s)} C${r1(cx - 30 * s)} ${r1(cy - 34 * s)} ${r1(cx - 60 * s)} ${r1(cy - 30 * s)} ${r1(cx - 80 * s)} ${r1(cy - 22 * s)} L${r1(cx - 80 * s)} ${r1(cy + 40 * s)} C${r1(cx - 60 * s)} ${r1(cy + 32 * s)} ${r1(cx - 30 * s)} ${r1(cy + 30 * s)} ${r1(cx)} ${r1(cy + 44 * s)} Z"/>`
    + `<path d="M${r1(cx)} ${r1(cy - 20 * s)} C${r1(cx + 30 * s)} ${r1(cy - 34 * s)} ${r1(cx + 60 * s)} ${r1(cy - 30 * s)} ${r1(cx + 80 * s)} ${r1(cy - 22 * s)} L${r1(cx + 80 * s)} ${r1(cy + 40 * s)} C${r1(cx + 60 * s)} ${r1(cy + 32 * s)} ${r1(cx + 30 * s)} ${r1(cy + 30 * s)} ${r1(cx)} ${r1(cy + 44 * s)} Z"/>`
    + `<path d="M${r1(cx - 62 * s)} ${r1(cy - 8 * s)} L${r1(cx - 18 * s)} ${r1(cy - 2 * s)} M${r1(cx - 62 * s)} ${r1(cy + 8 * s)} L${r1(cx - 18 * s)} ${r1(cy + 14 * s)} M${r1(cx + 18 * s)} ${r1(cy - 2 * s)} L${r1(cx + 62 * s)} ${r1(cy - 8 * s)} M${r1(cx + 18 * s)} ${r1(cy + 14 * s)} L${r1(cx + 62 * s)} ${r1(cy + 8 * s)}" stroke-opacity="${(opacity * 0.6).toFixed(2)}"/></g>`;
}

/** Trees: a trunk and a round crown. */
function trees(x0: number, width: number, ground: number, s: number, seed: number, color: string, opacity: number): string {
  const rnd = random(seed + 11);
  const out: string[] = [`<g fill="${color}" fill-opacity="${opacity}">`];
  for (let x = x0; x < x0 + width; x += (34 + rnd() * 40) * s) {
    const h = (30 + rnd() * 30) * s, r = (14 + rnd() * 12) * s;
    out.push(`<rect x="${r1(x - 2 * s)}" y="${r1(ground - h)}" width="${r1(4 * s)}" height="${r1(h)}"/><circle cx="${r1(x)}" cy="${r1(ground - h - r * 0.6)}" r="${r1(r)}"/>`);
  }
  out.push('</g>');
  return out.join('');
}

/** A graduation cap. */
function cap(cx: number, cy: number, s: number): string {
  return `<g fill="#ffffff" fill-opacity="0.9"><path d="M${r1(cx)} ${r1(cy - 34 * s)} L${r1(cx + 80 * s)} ${r1(cy)} L${r1(cx)} ${r1(cy + 34 * s)} L${r1(cx - 80 * s)} ${r1(cy)} Z"/>`
    + `<path d="M${r1(cx - 46 * s)} ${r1(cy + 18 * s)} L${r1(cx - 46 * s)} ${r1(cy + 52 * s)} C${r1(cx - 20 * s)} ${r1(cy + 70 * s)} ${r1(cx + 20 * s)} ${r1(cy + 70 * s)} ${r1(cx + 46 * s)} ${r1(cy + 52 * s)} L${r1(cx + 46 * s)} ${r1(cy + 18 * s)} L${r1(cx)} ${r1(cy + 38 * s)} Z" fill-opacity="0.7"/></g>`
    + `<path d="M${r1(cx + 62 * s)} ${r1(cy + 8 * s)} L${r1(cx + 62 * s)} ${r1(cy + 56 * s)}" stroke="#ffd36b" stroke-width="${r1(4 * s)}"/><circle cx="${r1(cx + 62 * s)}" cy="${r1(cy + 60 * s)}" r="${r1(7 * s)}" fill="#ffd36b"/>`;
}

/** A paper plane and its dashed trail (new beginnings). */
function plane(cx: number, cy: number, s: number): string {
  return `<path d="M${r1(cx - 170 * s)} ${r1(cy + 70 * s)} C${r1(cx - 110 * s)} ${r1(cy + 10 * s)} ${r1(cx - 70 * s)} ${r1(cy + 60 * s)} ${r1(cx - 20 * s)} ${r1(cy + 10 * s)}" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="${r1(2.5 * s)}" stroke-dasharray="${r1(8 * s)} ${r1(8 * s)}"/>`
    + `<g fill="#ffffff"><path d="M${r1(cx - 30 * s)} ${r1(cy)} L${r1(cx + 70 * s)} ${r1(cy - 50 * s)} L${r1(cx + 20 * s)} ${r1(cy + 40 * s)} Z" fill-opacity="0.92"/><path d="M${r1(cx + 20 * s)} ${r1(cy + 40 * s)} L${r1(cx + 70 * s)} ${r1(cy - 50 * s)} L${r1(cx + 8 * s)} ${r1(cy + 12 * s)} Z" fill-opacity="0.6"/></g>`;
}

/** A briefcase (staff matters). */
function briefcase(cx: number, cy: number, s: number): string {
  return `<g fill="none" stroke="#ffffff" stroke-opacity="0.9" stroke-width="${r1(5 * s)}" stroke-linejoin="round"><rect x="${r1(cx - 70 * s)}" y="${r1(cy - 36 * s)}" width="${r1(140 * s)}" height="${r1(92 * s)}" rx="${r1(10 * s)}"/>`
    + `<path d="M${r1(cx - 24 * s)} ${r1(cy - 36 * s)} L${r1(cx - 24 * s)} ${r1(cy - 56 * s)} L${r1(cx + 24 * s)} ${r1(cy - 56 * s)} L${r1(cx + 24 * s)} ${r1(cy - 36 * s)} M${r1(cx - 70 * s)} ${r1(cy + 4 * s)} L${r1(cx + 70 * s)} ${r1(cy + 4 * s)}"/></g>`;
}

/** A microchip (information services). */
function chip(cx: number, cy: number, s: number): string {
  const pins: string[] = [];
  for (let k = -2; k <= 2; k++) {
    const o = k * 18 * s;
    pins.push(`M${r1(cx + o)} ${r1(cy - 50 * s)} L${r1(cx + o)} ${r1(cy - 66 * s)} M${r1(cx + o)} ${r1(cy + 50 * s)} L${r1(cx + o)} ${r1(cy + 66 * s)} M${r1(cx - 50 * s)} ${r1(cy + o)} L${r1(cx - 66 * s)} ${r1(cy + o)} M${r1(cx + 50 * s)} ${r1(cy + o)} L${r1(cx + 66 * s)} ${r1(cy + o)}`);
  }
  return `<g fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="${r1(4 * s)}" stroke-linecap="round"><rect x="${r1(cx - 50 * s)}" y="${r1(cy - 50 * s)}" width="${r1(100 * s)}" height="${r1(100 * s)}" rx="${r1(12 * s)}"/><rect x="${r1(cx - 24 * s)}" y="${r1(cy - 24 * s)}" width="${r1(48 * s)}" height="${r1(48 * s)}" rx="${r1(6 * s)}" stroke-opacity="0.6"/><path d="${pins.join(' ')}"/></g>`;
}

export type Motif = 'campus' | 'digital' | 'library' | 'green' | 'welcome' | 'graduate' | 'staff' | 'tech' | 'community';

const open = (w: number, h: number, [c1, c2]: readonly [string, string], id: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice">`
  + `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>`
  + `<pattern id="${id}d" width="26" height="26" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.4" fill="#ffffff" fill-opacity="0.16"/></pattern></defs>`
  + `<rect width="${w}" height="${h}" fill="url(#${id})"/>`;

/**
 * One picture: a gradient of the two colours, dots and glows on the right, and the motif drawn on the
 * right part so the left stays quiet for the words the page puts over it.
 */
export function drawArt(motif: Motif, w: number, h: number, colours: readonly [string, string], seed: number): string {
  const id = `g${seed}`;
  const parts: string[] = [open(w, h, colours, id)];
  parts.push(`<rect x="${r1(w * 0.5)}" width="${r1(w * 0.5)}" height="${h}" fill="url(#${id}d)"/>`, glows(w, h, seed));
  const ground = h * 0.86;
  const s = h / 560; // drawn for a 560-high hero, scaled to the picture
  const right = w * 0.52;
  switch (motif) {
    case 'campus':
      parts.push(skyline(right - 40 * s, w - right + 40 * s, ground, s * 1.1, '#ffffff', 0.14, seed), skyline(right + 60 * s, w - right, ground + 6 * s, s * 0.85, '#ffffff', 0.22, seed + 1), windows(right + 60 * s, w - right - 80 * s, ground, s, seed));
      break;
    case 'digital':
      parts.push(network(right, h * 0.12, w - right - 40 * s, h * 0.62, seed), skyline(right, w - right, ground, s * 0.8, '#ffffff', 0.12, seed + 2));
      break;
    case 'library':
      parts.push(book(right + (w - right) * 0.5, h * 0.42, s * 1.6), skyline(right - 100 * s, w - right + 100 * s, ground, s * 0.8, '#ffffff', 0.12, seed + 3));
      break;
    case 'green':
      parts.push(trees(right - 60 * s, w - right + 60 * s, ground - 10 * s, s * 1.3, seed, '#ffffff', 0.2), skyline(right + 120 * s, w - right - 160 * s, ground - 10 * s, s * 0.7, '#ffffff', 0.16, seed + 4));
      break;
    case 'welcome':
      parts.push(plane(right + (w - right) * 0.55, h * 0.4, s * 1.5));
      break;
    case 'graduate':
      parts.push(cap(right + (w - right) * 0.5, h * 0.38, s * 1.6));
      break;
    case 'staff':
      parts.push(briefcase(right + (w - right) * 0.5, h * 0.42, s * 1.6));
      break;
    case 'tech':
      parts.push(chip(right + (w - right) * 0.5, h * 0.42, s * 1.5), network(right, h * 0.08, w - right - 20 * s, h * 0.7, seed));
      break;
    case 'community':
      parts.push(trees(right - 40 * s, w - right + 40 * s, ground, s * 1.1, seed, '#ffffff', 0.22), book(right + (w - right) * 0.5, h * 0.34, s * 1.1, '#ffffff', 0.8));
      break;
  }
  parts.push(hill(w, h, h * 0.9, h * 0.035, seed % 7, '#ffffff', 0.1), hill(w, h, h * 0.95, h * 0.03, (seed % 5) + 2, '#ffffff', 0.14));
  parts.push('</svg>');
  return parts.join('');
}

/** The site's emblem: a round seal with a roof over an open book, in the school colours. */
export function drawLogo(): string {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">'
    + '<defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f5fae"/><stop offset="1" stop-color="#0d3b78"/></linearGradient></defs>'
    + '<circle cx="64" cy="64" r="60" fill="url(#l)"/><circle cx="64" cy="64" r="52" fill="none" stroke="#f2c14e" stroke-width="3"/>'
    + '<path d="M30 52 L64 30 L98 52 Z" fill="#f2c14e"/><rect x="36" y="54" width="56" height="5" fill="#ffffff"/>'
    + '<g fill="none" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"><path d="M64 70 C54 64 44 64 34 67 L34 93 C44 90 54 90 64 96 Z"/><path d="M64 70 C74 64 84 64 94 67 L94 93 C84 90 74 90 64 96 Z"/></g>'
    + '</svg>';
}

/** Every picture of the demo portal: file name → its SVG. */
export const PORTAL_ART: Record<string, () => string> = {
  'portal-logo.svg': drawLogo,
  'portal-hero-campus.svg': () => drawArt('campus', 1920, 560, ['#0d3b78', '#1f7fbf'], 11),
  'portal-hero-digital.svg': () => drawArt('digital', 1920, 560, ['#23226b', '#5b4bd1'], 23),
  'portal-hero-library.svg': () => drawArt('library', 1920, 560, ['#7d1d1d', '#c2552b'], 37),
  'portal-hero-green.svg': () => drawArt('green', 1920, 560, ['#0b5a4a', '#2f9e6e'], 41),
  'portal-hall-online.svg': () => drawArt('digital', 1200, 280, ['#0f4c81', '#2a8bd4'], 53),
  'portal-hall-package.svg': () => drawArt('welcome', 1200, 280, ['#8a2be2', '#c05bd6'], 59),
  'portal-hall-todo.svg': () => drawArt('campus', 1200, 280, ['#0b6e6e', '#22a39f'], 61),
  'portal-precinct-welcome.svg': () => drawArt('welcome', 640, 320, ['#e0662f', '#f2a541'], 71),
  'portal-precinct-graduate.svg': () => drawArt('graduate', 640, 320, ['#163f7a', '#3a6fc4'], 73),
  'portal-precinct-staff.svg': () => drawArt('staff', 640, 320, ['#155e63', '#2f9a8f'], 79),
  'portal-special-community.svg': () => drawArt('community', 640, 320, ['#2e7d32', '#66bb6a'], 83),
  'portal-special-staff.svg': () => drawArt('staff', 640, 320, ['#4a3b8f', '#7c6ad6'], 89),
  'portal-special-tech.svg': () => drawArt('tech', 640, 320, ['#12355b', '#1c7ed6'], 97),
  'portal-package-freshman.svg': () => drawArt('welcome', 640, 320, ['#c2410c', '#f59e0b'], 101),
  'portal-package-graduate.svg': () => drawArt('graduate', 640, 320, ['#1e3a8a', '#6366f1'], 103),
  'portal-package-staff.svg': () => drawArt('staff', 640, 320, ['#0f766e', '#14b8a6'], 107),
};
