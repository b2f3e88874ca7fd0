import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Reads the project's Markdown (README.md, docs/*.md, examples/*.md) and checks every reference it
 * makes: Markdown links (to files, to `#anchors` of headings, or to http(s) addresses, which are only
 * checked for form: the tests use no network), bare repository paths (`lib/routes.ts`,
 * `infra/local/seed/demo.json`) and named sections (`docs/decisions.md "Check order"`).
 */

export const repoRoot = resolve(import.meta.dirname, '../..');

/** Top-level folders whose paths the docs name bare (relative to the repository root). */
const PATH_ROOTS = ['functions', 'lib', 'infra', 'test', 'docs', 'examples', 'events', '.ci'];

/** The Markdown files the docs test reads, relative to the repository root. */
export function markdownFiles(): string[] {
  const inFolder = (folder: string) =>
    existsSync(join(repoRoot, folder))
      ? readdirSync(join(repoRoot, folder))
          .filter((name) => name.endsWith('.md'))
          .sort()
          .map((name) => `${folder}/${name}`)
      : [];
  return ['README.md', ...inFolder('docs'), ...inFolder('examples')];
}

/** A heading's anchor as GitHub makes it: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
export function githubSlug(heading: string): string {
  return plainText(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text a reader sees of inline Markdown: links and images by their text, code and emphasis marks gone. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*)(.+?)\1/g, '$2');
}

/** The document's lines with fenced code blocks blanked (they hold no links or headings). */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      return '';
    }
    return fence ? '' : line;
  });
}

/** The anchors of the document's headings, GitHub's way (a repeated heading gets `-1`, `-2`, ...). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** The names a document gives its sections: its headings and its bold labels (`**Locales**`, `**Documents.**`). */
export function sectionNamesOf(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) names.add(plainText(heading).trim().toLowerCase());
    for (const [, bold] of line.matchAll(/\*\*([^*]+)\*\*/g))
      names.add(
        plainText(bold as string)
          .replace(/[.:]\s*$/, '')
          .toLowerCase(),
      );
  }
  return names;
}

/** One reference found in a document. */
export interface DocReference {
  kind: 'link' | 'path' | 'section';
  /** 1-based line of the document. */
  line: number;
  /** As written: the link target, the path, or `file "Section"`. */
  target: string;
}

/** Every Markdown link, bare repository path and named section of the document. */
export function referencesOf(markdown: string): DocReference[] {
  const references: DocReference[] = [];
  const prose = proseLines(markdown);
  markdown.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const text = prose[index] ?? '';
    // Links: inline `[text](target "title")`, reference definitions `[label]: target`, autolinks `<https://...>`.
    const outsideCode = text.replace(/`[^`]*`/g, '');
    for (const [, target] of outsideCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      references.push({ kind: 'link', line, target: target as string });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(outsideCode)?.[1];
    if (definition) references.push({ kind: 'link', line, target: definition });
    for (const [, target] of outsideCode.matchAll(/<(https?:\/\/[^>\s]+)>/g))
      references.push({ kind: 'link', line, target: target as string });
    // Bare paths from the repository root, in prose and code alike; placeholders (`<group>`, `...`) are skipped.
    const roots = PATH_ROOTS.map((root) => root.replace('.', '\\.')).join('|');
    for (const [, path] of raw.matchAll(new RegExp(`(?<![\\w./~:-])((?:${roots})/[\\w./<>*{}-]*)`, 'g'))) {
      const cleaned = (path as string).replace(/[.]+$/, '');
      if (/[<>*{}]|\.\.\./.test(cleaned)) continue;
      references.push({ kind: 'path', line, target: cleaned });
    }
    // Named sections: `docs/decisions.md "Check order"`.
    for (const [, file, section] of text.matchAll(/([\w./-]+\.md) "([^"]+)"/g))
      references.push({ kind: 'section', line, target: `${file} "${section}"` });
  });
  return references;
}

/**
 * What is wrong with one reference of the document at `file` (repository-relative), or undefined.
 * Links resolve from the document's folder, bare paths and named sections from the repository root
 * (as the docs write them), falling back to the document's folder for a bare file name.
 */
export function brokenReference(file: string, reference: DocReference): string | undefined {
  const where = `${file}:${reference.line}`;
  const { target } = reference;
  if (reference.kind === 'path')
    return existsSync(join(repoRoot, target)) ? undefined : `${where}: no file or folder ${target}`;
  if (reference.kind === 'section') {
    const [, path, section] = /^(.*) "(.*)"$/.exec(target) as RegExpExecArray;
    const resolved = [join(repoRoot, path as string), join(repoRoot, dirname(file), path as string)].find(
      (candidate) => existsSync(candidate),
    );
    if (!resolved) return `${where}: no file ${path}`;
    return sectionNamesOf(readFileSync(resolved, 'utf8')).has((section as string).toLowerCase())
      ? undefined
      : `${where}: ${path} has no heading or bold label "${section}"`;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return brokenAddress(where, target);
  const [pathPart = '', anchor] = target.split('#', 2);
  const resolved =
    pathPart === '' ? join(repoRoot, file) : resolve(repoRoot, dirname(file), decodeURI(pathPart));
  if (!resolved.startsWith(repoRoot)) return `${where}: ${target} leaves the repository`;
  if (!existsSync(resolved)) return `${where}: ${target}: no file ${relative(repoRoot, resolved)}`;
  if (anchor === undefined) return undefined;
  if (statSync(resolved).isDirectory() || !resolved.endsWith('.md'))
    return `${where}: ${target}: an anchor into a file that is not Markdown`;
  return anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)
    ? undefined
    : `${where}: ${target}: no heading with anchor #${anchor} in ${relative(repoRoot, resolved)}`;
}

/** External addresses are not fetched (no network in tests), only checked for form. */
function brokenAddress(where: string, target: string): string | undefined {
  if (target.startsWith('mailto:'))
    return /^mailto:[^@\s]+@[^@\s]+$/.test(target) ? undefined : `${where}: ${target}`;
  try {
    const url = new URL(target);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.'))
      return undefined;
  } catch {}
  return `${where}: ${target} is not a well-formed http(s) address`;
}
