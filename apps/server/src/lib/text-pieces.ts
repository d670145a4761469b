import { TextDecoder } from 'node:util';
import { encodingOf, INVALID_CHARACTER } from './delimited-rows';

/**
 * An upload's bytes, pushed in pieces as they arrive, decoded as text in the encoding their first
 * four bytes show (see `encodingOf`). Bytes no text has (a broken sequence, a NUL) throw `notText()`.
 */
export class TextPieces {
  private start = new Uint8Array(0);
  private decoder: TextDecoder | undefined;

  constructor(private readonly notText: () => Error) {}

  /** The text of the bytes so far; '' while the first four have not all arrived. */
  push(bytes: Uint8Array): string {
    if (!this.decoder) {
      const joined = new Uint8Array(this.start.length + bytes.length);
      joined.set(this.start);
      joined.set(bytes, this.start.length);
      if (joined.length < 4) {
        this.start = joined;
        return '';
      }
      this.decoder = new TextDecoder(encodingOf(joined), { fatal: true });
      this.start = new Uint8Array(0);
      bytes = joined;
    }
    return this.decode(bytes, true);
  }

  /** The rest of the text: what a last, cut sequence or a file under four bytes leaves. */
  end(): string {
    this.decoder ??= new TextDecoder(encodingOf(this.start), { fatal: true });
    return this.decode(this.start, false);
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    let text: string;
    try {
      text = this.decoder!.decode(bytes, { stream });
    } catch {
      throw this.notText();
    }
    if (text.includes('\u0000')) throw this.notText();
    return text;
  }
}

/**
 * A copy of text cut from a piece of the file. V8 keeps a cut of 13 characters or more as a view
 * into the whole piece, so keeping the cell would keep the piece (up to the whole file).
 */
export const detached = (text: string) => ` ${text}`.slice(1);

/** A cell as a message shows it: a long one cut short. */
export function shownCell(text: string, max: number): string {
  return text.length > max ? `${Array.from(text).slice(0, max).join('')}…` : detached(text);
}

export type CellProblem = 'blank' | 'tooLong' | 'invalid';

/** Why a tidied cell cannot be kept as a keyword or query (empty, over `max`, control characters), or null. */
export function cellProblem(text: string, max: number): CellProblem | null {
  if (text === '') return 'blank';
  if (text.length > max) return 'tooLong';
  if (INVALID_CHARACTER.test(text)) return 'invalid';
  return null;
}
