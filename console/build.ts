/**
 * `npm run console:build`: the merchant console into console/dist/ (docs/console.md "Build"):
 * `index.html` at the root, hashed `assets/<name>-<hash>.js|css` it loads from `/admin/assets/`.
 * The twin builds the same files in memory (infra/local/console-page.ts), so `npm start` never
 * needs this step.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Where the app is served, on the twin and behind CloudFront alike. */
export const CONSOLE_BASE = '/admin/';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The default output folder (gitignored). */
export const CONSOLE_DIST = join(HERE, 'dist');

/** One built file: its path under the output folder (`index.html`, `assets/main-AB12.js`) and bytes. */
export interface ConsoleFile {
  path: string;
  contents: Uint8Array;
}

/**
 * Bundles the app (Preact, TSX, minified, one ES module and one stylesheet, both content-hashed)
 * and writes index.html around them. Returns the files; writes nothing.
 */
export async function buildConsoleFiles(): Promise<ConsoleFile[]> {
  const result = await build({
    entryPoints: { main: join(HERE, 'src/main.tsx') },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    outdir: join(HERE, 'dist/assets'),
    entryNames: '[name]-[hash]',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const assets = result.outputFiles.map((file) => ({
    path: `assets/${file.path.split(/[\\/]/).pop()}`,
    contents: file.contents,
  }));
  const script = assets.find((a) => a.path.endsWith('.js'));
  const style = assets.find((a) => a.path.endsWith('.css'));
  if (!script) throw new Error('the console build produced no script');
  return [{ path: 'index.html', contents: Buffer.from(indexHtml(script.path, style?.path)) }, ...assets];
}

/**
 * The tab's icon, inline: without one every browser asks for `/favicon.ico`, which is no page of the
 * console's (the API behind answers it 406) and shows as an error in the browser's console.
 */
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1b1e22"/><path d="M12 12a4 4 0 0 1 8 0" fill="none" stroke="#fff" stroke-width="2"/><path d="M8 12h16l-1.5 13h-13z" fill="#fff"/></svg>',
)}`;

function indexHtml(script: string, style: string | undefined): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shop console</title>
<link rel="icon" href="${ICON}">
${style ? `<link rel="stylesheet" href="${CONSOLE_BASE}${style}">\n` : ''}<script type="module" src="${CONSOLE_BASE}${script}"></script>
</head>
<body>
<div id="app"><p>Loading…</p></div>
<noscript>The shop console needs JavaScript.</noscript>
</body>
</html>
`;
}

/** Builds into a folder, replacing what was there. */
export async function writeConsole(outDir = CONSOLE_DIST): Promise<ConsoleFile[]> {
  const files = await buildConsoleFiles();
  rmSync(outDir, { recursive: true, force: true });
  for (const file of files) {
    const target = join(outDir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const files = await writeConsole();
  for (const file of files) process.stdout.write(`  ${file.path}  ${file.contents.length} bytes\n`);
  process.stdout.write(`console/dist built in ${Date.now() - started} ms\n`);
}
