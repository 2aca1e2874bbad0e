#!/usr/bin/env node
// Checks the built docs site (site/.vitepress/dist, from `pnpm docs:site`):
//
// 1. every internal link of every page (href and src) points to a file of the site, and every
//    #fragment to an id on the page it names;
// 2. the quick start and one recipe, loaded in headless Chromium from a server on 127.0.0.1,
//    render with no console error, no page error, no failed request, and every section they
//    must have;
// 3. every page, at 1280 px wide: no code block wider than its box (they wrap, see
//    site/.vitepress/theme/code.css).
//
// Chromium is Debian's (`/usr/bin/chromium`, or CHROMIUM_PATH), driven by playwright-core.
//
//   node scripts/docs-site/check.mjs

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = path.join(root, 'site', '.vitepress', 'dist');
/** The site's base path (`base` in site/.vitepress/config.mts). */
const BASE = '/crosswire/';

/** The pages loaded in Chromium, and the section headings (h2 ids) each must show. */
export const BROWSER_PAGES = [
  {
    path: 'quick-start',
    sections: [
      'install',
      'the-agent',
      'run-it',
      'what-happened',
      'why-the-simulator-takes-a-placeholder-key',
      'next',
    ],
    text: ['createEngine', 'runToolLoop', 'startSimulator'],
  },
  {
    path: 'recipes/test-with-simulator',
    sections: ['a-test', 'what-to-use', 'the-key', 'what-it-checks'],
    text: ['simulator.script', 'simulator.received'],
  },
];

function htmlFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** The file a URL path of the site is served from, as GitHub Pages finds it; or undefined. */
export function fileFor(distDir, urlPath) {
  if (!urlPath.startsWith(BASE)) return undefined;
  const relative = decodeURIComponent(urlPath.slice(BASE.length));
  const candidates =
    relative === '' || relative.endsWith('/')
      ? [path.join(relative, 'index.html')]
      : [relative, `${relative}.html`, path.join(relative, 'index.html')];
  for (const candidate of candidates) {
    const file = path.join(distDir, candidate);
    if (!file.startsWith(distDir)) return undefined;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

const idsCache = new Map();
function idsOf(file) {
  let ids = idsCache.get(file);
  if (ids === undefined) {
    const html = readFileSync(file, 'utf8');
    ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
    idsCache.set(file, ids);
  }
  return ids;
}

/** The broken internal links of the built site, as `page: link (why)`. */
export function brokenLinks(distDir) {
  const problems = [];
  const pages = htmlFiles(distDir);
  let checked = 0;
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    const pageUrl = `${BASE}${path.relative(distDir, page).split(path.sep).join('/')}`;
    for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const link = match[1].replaceAll('&amp;', '&');
      if (link === '' || /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(link)) continue; // external
      checked += 1;
      const url = new URL(link, `http://site.invalid${pageUrl}`);
      const target = fileFor(distDir, url.pathname);
      const label = `${path.relative(distDir, page)}: ${link}`;
      if (target === undefined) {
        problems.push(`${label} (no such page or file)`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment !== '' && target.endsWith('.html') && !idsOf(target).has(fragment)) {
        problems.push(`${label} (no id "${fragment}" on that page)`);
      }
    }
  }
  return { pages: pages.length, links: checked, problems };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Serves the built site under its base path, on 127.0.0.1 only, on a free port. */
function serve(distDir) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = fileFor(distDir, url.pathname);
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function checkInBrowser(origin) {
  const { chromium } = await import('playwright-core');
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `no Chromium at ${executablePath}: install Debian's with apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
  const profile = mkdtempSync(path.join(tmpdir(), 'crosswire-docs-chromium-'));
  // A persistent context takes the fresh profile directory itself (--user-data-dir).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const problems = [];
  try {
    // Nothing leaves the machine: any request to another origin fails the check.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
      problems.push(`request to ${url} (only ${origin} is allowed)`);
      return route.abort();
    });
    for (const spec of BROWSER_PAGES) {
      const page = await context.newPage();
      const url = `${origin}${BASE}${spec.path}`;
      page.on('console', (message) => {
        if (message.type() === 'error')
          problems.push(`${spec.path}: console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${spec.path}: page error: ${error.message}`));
      page.on('requestfailed', (request) =>
        problems.push(`${spec.path}: request failed: ${request.url()}`),
      );
      page.on('response', (response) => {
        if (response.status() >= 400) {
          problems.push(`${spec.path}: ${response.status()} for ${response.url()}`);
        }
      });
      const response = await page.goto(url, { waitUntil: 'networkidle' });
      if (response?.status() !== 200) problems.push(`${spec.path}: HTTP ${response?.status()}`);
      // The client app has taken over (hydrated) when the theme's navigation is interactive.
      await page.waitForSelector('.VPNav', { timeout: 15_000 });
      const ids = await page.$$eval('.vp-doc h2[id]', (headings) => headings.map((h) => h.id));
      for (const section of spec.sections) {
        if (!ids.includes(section)) problems.push(`${spec.path}: missing section #${section}`);
      }
      const text = await page.$eval('.vp-doc', (element) => element.textContent ?? '');
      for (const piece of spec.text) {
        if (!text.includes(piece)) problems.push(`${spec.path}: the page does not show "${piece}"`);
      }
      const title = await page.title();
      console.log(`browser: ${spec.path} rendered ("${title}", ${ids.length} sections)`);
      await page.close();
    }
    problems.push(...(await overflowingCode(context, origin)));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return problems;
}

/** The width the code blocks must fit: a laptop's browser window. */
export const VIEWPORT_WIDTH = 1280;

/**
 * Every page of the site at 1280 px: a code block wider than its box (a reader would scroll it
 * sideways) is a problem, named with its page and first line. A page added to the site is
 * measured without being listed.
 */
async function overflowingCode(context, origin) {
  const problems = [];
  const pages = htmlFiles(dist)
    .map((file) => path.relative(dist, file).split(path.sep).join('/'))
    .filter((file) => file !== '404.html');
  const page = await context.newPage();
  await page.setViewportSize({ width: VIEWPORT_WIDTH, height: 900 });
  for (const file of pages) {
    const url = `${origin}${BASE}${file.replace(/(?:index)?\.html$/, '')}`;
    await page.goto(url, { waitUntil: 'load' });
    const wide = await page.$$eval('.vp-doc pre', (blocks) =>
      blocks
        .filter((block) => block.scrollWidth > block.clientWidth + 1)
        .map(
          (block) =>
            `${block.scrollWidth - block.clientWidth} px: ${(block.textContent ?? '').split('\n')[0]?.slice(0, 60)}`,
        ),
    );
    for (const block of wide)
      problems.push(`${file}: a code block overflows at ${VIEWPORT_WIDTH} px by ${block}`);
  }
  await page.close();
  console.log(`browser: ${pages.length} pages measured at ${VIEWPORT_WIDTH} px`);
  return problems;
}

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error(
      'docs:check: no built site in site/.vitepress/dist; run `npx -y pnpm@12.4.2 docs:site` first',
    );
    return 1;
  }
  const links = brokenLinks(dist);
  for (const problem of links.problems) console.error(`broken link: ${problem}`);
  console.log(`links: ${links.links} internal links on ${links.pages} pages checked`);

  const server = await serve(dist);
  const { port } = server.address();
  let browserProblems;
  try {
    browserProblems = await checkInBrowser(`http://127.0.0.1:${port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  for (const problem of browserProblems) console.error(`browser: ${problem}`);

  const failures = links.problems.length + browserProblems.length;
  if (failures > 0) {
    console.error(`docs:check: ${failures} problem${failures === 1 ? '' : 's'}`);
    return 1;
  }
  console.log('docs:check: every internal link resolves; the pages render in Chromium');
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
