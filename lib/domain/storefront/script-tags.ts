import type { ShopScriptTag } from '../catalog/catalog-types';
import { link, type ViewContext } from '../links';

/** Script tags a shop holds at most (docs/catalog.md "Script tags"): one more is 409. */
export const MAX_SCRIPT_TAGS = 20;
/** The longest script URL taken. */
export const MAX_SCRIPT_URL_LENGTH = 2048;

/**
 * What a problem with a script URL is, or null for an absolute https URL the shop may load: a host
 * name (no IP literal, no user info), at most MAX_SCRIPT_URL_LENGTH characters as normalised.
 */
export function scriptUrlProblem(text: string): string | null {
  if (text.length > MAX_SCRIPT_URL_LENGTH) return `at most ${MAX_SCRIPT_URL_LENGTH} characters`;
  if (!URL.canParse(text)) return 'expected an absolute https URL';
  const url = new URL(text);
  if (url.protocol !== 'https:') return 'expected an absolute https URL';
  if (url.username !== '' || url.password !== '') return 'expected a URL without user info';
  // The parser writes every IPv4 form (0x7f.1, 2130706433) as four decimals, IPv6 in brackets.
  if (url.hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname))
    return 'expected a host name, not an IP address';
  if (url.href.length > MAX_SCRIPT_URL_LENGTH) return `at most ${MAX_SCRIPT_URL_LENGTH} characters`;
  return null;
}

/**
 * The URL as stored and answered: its WHATWG serialisation, so `https:evil.example/x.js`, a leading
 * space or a `"` never reach a storefront's page as sent.
 */
export function normalisedScriptUrl(text: string): string {
  return new URL(text).href;
}

/** A service worker is loaded differently by a storefront: its URL's path ends with worker.js. */
export function scriptType(scriptUrl: string): 'SERVICE_WORKER' | 'NORMAL' {
  return new URL(scriptUrl).pathname.endsWith('worker.js') ? 'SERVICE_WORKER' : 'NORMAL';
}

/** Oldest first, as GET /script-tags lists them (ties by id: the same order on every instance). */
export function byCreation(tags: Iterable<ShopScriptTag>): ShopScriptTag[] {
  return [...tags].sort((a, b) =>
    a.createdOn === b.createdOn
      ? a.scriptTagId < b.scriptTagId
        ? -1
        : 1
      : a.createdOn < b.createdOn
        ? -1
        : 1,
  );
}

export function scriptTagView(tag: ShopScriptTag, ctx: ViewContext) {
  return {
    scriptTagId: tag.scriptTagId,
    scriptUrl: tag.scriptUrl,
    scriptType: scriptType(tag.scriptUrl),
    createdOn: tag.createdOn,
    updatedOn: tag.updatedOn,
    links: [link(ctx, 'self', 'script-tags', tag.scriptTagId)],
  };
}
