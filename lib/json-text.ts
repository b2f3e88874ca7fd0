/**
 * JSON that is text already: the reply is sent as it is (lib/http/reply.ts). Large answers are put
 * together from parts serialized once and kept (a product renders the same for one catalog version
 * and context), so a request serializes only what changed (issue "Performance": JSON.stringify of a
 * 52 KB search answer was half of the endpoint's own time).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The JSON text of a value: a JsonText as it is, anything else through JSON.stringify. */
export function jsonOf(value: unknown): string {
  return value instanceof JsonText ? value.text : JSON.stringify(value);
}

/** An object of values and JsonText members, in member order; undefined members are left out (as JSON.stringify does). */
export function jsonObject(members: Readonly<Record<string, unknown>>): JsonText {
  let text = '';
  for (const [name, value] of Object.entries(members)) {
    if (value !== undefined) text += `${text ? ',' : ''}${JSON.stringify(name)}:${jsonOf(value)}`;
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
