import { addDays } from '../../../core/dates';
import { parseJson, SCHEMAS, type Schema } from '../../../core/record-schemas';
import { todayUtc } from '../clock';

/**
 * A localStorage record's text: its value with the UTC day it expires (core/record-schemas.ts
 * `envelope`). Apart from stored-player.ts, which the app loads on its own when consent allows.
 */
/** A record's value, or null when it is malformed or expired (its days after its last write). */
export const fromRecord =
  <T>(schema: Schema<T>, today: string) =>
  (text: string) => {
    const envelope = SCHEMAS.envelope(parseJson(text));
    return envelope && envelope.expires >= today ? schema(envelope.value) : undefined;
  };

/** A record's stored text: the value with the UTC day it expires. */
export const toRecord = (value: unknown, days: number) =>
  JSON.stringify({ expires: addDays(todayUtc(), days), value });
