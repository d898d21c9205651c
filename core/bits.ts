/**
 * Bits packed into bytes and bytes into URL-safe text: the small tools of a compact link
 * (core/transfer.ts). Whole numbers are written in exponential-Golomb code, so a small number
 * takes few bits (0: 1 bit, 1-2: 3 bits, 3-6: 5 bits, …) and no number has a fixed width to outgrow.
 */
/**
 * The largest whole number a code holds: one rule for the writer and the reader, so whatever is
 * read can be written again (a reader that took more once let a crafted link break /transfer).
 */
export const MAX_UINT = 2 ** 30 - 1;

export class BitWriter {
  private readonly bytes: number[] = [];
  private bitCount = 0;

  /** Bits written so far. */
  get length(): number {
    return this.bitCount;
  }

  /** `width` bits of `value`, most significant first (width ≤ 30). */
  bits(value: number, width: number): this {
    for (let i = width - 1; i >= 0; i -= 1) {
      const index = this.bitCount >> 3;
      if (index === this.bytes.length) this.bytes.push(0);
      if ((value >> i) & 1)
        this.bytes[index] = (this.bytes[index] ?? 0) | (0x80 >> (this.bitCount & 7));
      this.bitCount += 1;
    }
    return this;
  }

  flag(value: boolean): this {
    return this.bits(value ? 1 : 0, 1);
  }

  /** A whole number ≥ 0 in exponential-Golomb code. */
  uint(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0 || value > MAX_UINT) {
      throw new RangeError(`Cannot write ${value}`);
    }
    const width = Math.floor(Math.log2(value + 1)) + 1;
    this.bits(0, width - 1);
    return this.bits(value + 1, width);
  }

  /** A whole number of either sign: 0, -1, 1, -2, … as 0, 1, 2, 3, … */
  int(value: number): this {
    return this.uint(value < 0 ? -2 * value - 1 : 2 * value);
  }

  /** Another writer's bits, after these. */
  append(other: BitWriter): this {
    const bytes = other.toBytes();
    for (let i = 0; i < other.length; i += 1) {
      this.bits(((bytes[i >> 3] as number) >> (7 - (i & 7))) & 1, 1);
    }
    return this;
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** Reads what a BitWriter wrote; reading past the end throws a RangeError. */
export class BitReader {
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  bits(width: number): number {
    let value = 0;
    for (let i = 0; i < width; i += 1) {
      const byte = this.bytes[this.position >> 3];
      if (byte === undefined) throw new RangeError('Read past the end');
      value = (value << 1) | ((byte >> (7 - (this.position & 7))) & 1);
      this.position += 1;
    }
    return value;
  }

  flag(): boolean {
    return this.bits(1) === 1;
  }

  /** A whole number ≥ 0; above MAX_UINT it is refused, as the writer refuses it. */
  uint(): number {
    let zeros = 0;
    while (this.bits(1) === 0) {
      zeros += 1;
      if (zeros > 30) throw new RangeError('Number too long');
    }
    const value = 2 ** zeros + (zeros > 0 ? this.bits(zeros) : 0) - 1;
    if (value > MAX_UINT) throw new RangeError('Number too large');
    return value;
  }

  int(): number {
    const value = this.uint();
    return value % 2 === 1 ? -(value + 1) / 2 : value / 2;
  }

  /** Bits read so far. */
  get read(): number {
    return this.position;
  }

  /** Bits left unread (the last byte's padding is at most 7). */
  remaining(): number {
    return this.bytes.length * 8 - this.position;
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (the one of zip and PNG) of some bytes. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes as base64url without padding: the characters a URL keeps as they are. */
export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < chars; j += 1) text += ALPHABET[(chunk >> (18 - 6 * j)) & 63];
  }
  return text;
}

/** base64url text back into bytes; null when it holds another character or cannot be whole bytes. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}
