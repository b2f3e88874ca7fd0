/**
 * Parses CSV as RFC 4180 reads it, with `;` between fields and CRLF between records (the product
 * export's format): quoted fields may hold `;`, CR, LF and doubled quotes. A reader written apart
 * from the writer, so a test of the export checks the format, not the writer against itself.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"' && field === '') {
      // A quoted field runs to the quote that is not doubled.
      let end = i + 1;
      for (;;) {
        const at = text.indexOf('"', end);
        if (at < 0) throw new Error(`unclosed quote at ${i}`);
        if (text[at + 1] === '"') {
          field += text.slice(end, at + 1);
          end = at + 2;
          continue;
        }
        field += text.slice(end, at);
        i = at + 1;
        break;
      }
      if (i < text.length && text[i] !== ';' && text[i] !== '\r')
        throw new Error(`text after a closing quote at ${i}`);
      continue;
    }
    if (ch === ';') {
      record.push(field);
      field = '';
      i++;
    } else if (ch === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`CR without LF at ${i}`);
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (ch === '\n') {
      throw new Error(`LF without CR at ${i}`);
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}
