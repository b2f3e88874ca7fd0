import { ADDRESSES_DE, ADDRESSES_EN } from './messages/addresses';
import { CORE_DE, CORE_EN } from './messages/core';
import { COUPONS_DE, COUPONS_EN } from './messages/coupons';
import { DOCUMENTS_DE, DOCUMENTS_EN } from './messages/documents';
import { IMAGES_DE, IMAGES_EN } from './messages/images';
import { NEWSLETTERS_DE, NEWSLETTERS_EN } from './messages/newsletters';
import { PAGES_DE, PAGES_EN } from './messages/pages';
import { PRODUCTS_DE, PRODUCTS_EN } from './messages/products';
import { WEBHOOKS_DE, WEBHOOKS_EN } from './messages/webhooks';

/**
 * The console's words: English, and German for every key (a missing German entry would fall back to
 * English; a unit test keeps the German complete). One file per area in messages/, keys prefixed by it.
 */
export const EN = {
  ...CORE_EN,
  ...DOCUMENTS_EN,
  ...ADDRESSES_EN,
  ...PRODUCTS_EN,
  ...IMAGES_EN,
  ...WEBHOOKS_EN,
  ...COUPONS_EN,
  ...PAGES_EN,
  ...NEWSLETTERS_EN,
} as const;

export type MessageKey = keyof typeof EN;

export const DE: Partial<Record<MessageKey, string>> = {
  ...CORE_DE,
  ...DOCUMENTS_DE,
  ...ADDRESSES_DE,
  ...PRODUCTS_DE,
  ...IMAGES_DE,
  ...WEBHOOKS_DE,
  ...COUPONS_DE,
  ...PAGES_DE,
  ...NEWSLETTERS_DE,
};

/** One message of a dictionary, `{name}` replaced by the parameter; an unknown key shows as itself. */
export function message(
  language: 'en' | 'de',
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const text: string = (language === 'de' ? DE[key] : undefined) ?? EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
