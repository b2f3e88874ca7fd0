import { formatDateTime, formatMoney, formatShortDay } from './format';
import { type MessageKey, message } from './messages';

/**
 * The language the merchant chose (remembered in localStorage) and the words in it (messages.ts),
 * money and dates in its locale's format (Intl).
 */
export type { MessageKey };

export type Language = 'en' | 'de';
export const LANGUAGES: Language[] = ['en', 'de'];
const LANGUAGE_KEY = 'console.language';

/** The stored choice, else the browser's first language we speak, else English. */
export function initialLanguage(stored: string | null, preferred: readonly string[] | undefined): Language {
  if (stored === 'en' || stored === 'de') return stored;
  for (const tag of preferred ?? []) {
    const base = tag.slice(0, 2).toLowerCase();
    if (base === 'en' || base === 'de') return base;
  }
  return 'en';
}

let language: Language = 'en';

/** Reads the stored or browser language once at start. */
export function startLanguage(): Language {
  language = initialLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages);
  document.documentElement.lang = language;
  return language;
}

export function setLanguage(next: Language): void {
  language = next;
  localStorage.setItem(LANGUAGE_KEY, next);
  document.documentElement.lang = next;
}

/** The Intl locale of the current language. */
export function locale(): string {
  return language === 'de' ? 'de-DE' : 'en-GB';
}

/** One message in the current language, `{name}` replaced by the parameter. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return message(language, key, params);
}

/** Money in the current locale's format. */
export function money(amount: number | string, currency: string): string {
  return formatMoney(amount, currency, locale());
}

/** A date and time in the current locale's format. */
export function dateTime(iso: string): string {
  return formatDateTime(iso, locale());
}

/** A short day in the current locale's format. */
export function shortDay(date: Date): string {
  return formatShortDay(date, locale());
}
