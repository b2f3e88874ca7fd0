import { speedTrickOn } from './switches';

/**
 * Speed trick `json-parts`: JSON that is text already, sent as it is (lib/http/reply.ts). Search
 * and list answers are put together from parts serialized once and kept (a product's JSON per kept
 * view, lib/domain/catalog/product-view.ts; each facet value's JSON but for its count, per projection and
 * locale, lib/domain/search/facets.ts), so a request serializes only its counts and envelope.
 * What it saves: JSON_PARTS_GAIN. Off: `SPEED_TRICKS_OFF=json-parts` serializes every part per request
 * (the same text).
 * Speed trick `ascii-json` (asciiJson below): the parts escape characters beyond ASCII, so the answer
 * is a one-byte string. What it saves: ASCII_JSON_GAIN. Off: `SPEED_TRICKS_OFF=ascii-json` keeps
 * those characters as they are (the same JSON to any parser, not the same bytes).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The JSON text of a value: a JsonText as it is, anything else through JSON.stringify. */
export function jsonOf(value: unknown): string {
  return value instanceof JsonText ? value.text : JSON.stringify(value);
}

const NON_ASCII = /[\u0080-\uffff]/g;
const HAS_NON_ASCII = /[\u0080-\uffff]/;

/**
 * JSON.stringify with every character beyond ASCII escaped (`€` → `\u20ac`): the same JSON for
 * any parser, held by V8 as a one-byte string. A single `€` or `–` makes a whole answer put
 * together from parts a two-byte string, which costs twice the copying when it is flattened and
 * encoded for sending (~0.08 ms of a 52 KB search answer). Kept parts pay it once; small per-request
 * members (the echoed query) pay a regex test.
 */
export function asciiJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!HAS_NON_ASCII.test(json) || !speedTrickOn('ascii-json')) return json;
  const escaped = json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // replace() keeps its subject's two-byte representation; a Latin-1 round trip makes it one-byte.
  return Buffer.from(escaped, 'latin1').toString('latin1');
}

/** An object of values and JsonText members, in member order; undefined members are left out (as JSON.stringify does). */
export function jsonObject(members: Readonly<Record<string, unknown>>): JsonText {
  let text = '';
  for (const [name, value] of Object.entries(members)) {
    if (value !== undefined)
      text += `${text ? ',' : ''}${JSON.stringify(name)}:${value instanceof JsonText ? value.text : asciiJson(value)}`;
  }
  return new JsonText(`{${text}}`);
}

/** An array of JsonText items. */
export function jsonArray(items: readonly JsonText[]): JsonText {
  return new JsonText(`[${commaList(items.map((item) => item.text))}]`);
}

/**
 * Texts joined by commas. Concatenation, not Array.join: join copies every part into a new string
 * at each level of nesting, while `+` links them and the whole answer is copied once, when sent.
 */
export function commaList(parts: readonly string[]): string {
  let text = '';
  for (let k = 0; k < parts.length; k++) text += k === 0 ? parts[k] : `,${parts[k]}`;
  return text;
}
