import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textInput } from './common';
import { messages } from './messages';

const oneLine = textInput();
const multiLine = textInput({ multiline: true });

describe('textInput', () => {
  it.each([
    ['NUL', 'coffee\u0000beans'],
    ['a bell', '\u0007'],
    ['an escape sequence', '\u001b[31mred'],
    ['DEL', 'coffee\u007f'],
    ['a C1 control (NEL)', 'caf\u0085'],
    ['a lone high surrogate', 'coffee\ud800'],
    ['a lone low surrogate', '\udc00beans'],
  ])('refuses %s, in one-line and multi-line text', (_name, value) => {
    for (const schema of [oneLine, multiLine]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.invalidCharacters]);
    }
  });

  it('reads tabs and line breaks in one-line text as a space, and trims', () => {
    expect(oneLine.parse('  New\tYork\r\nCity \n')).toBe('New York City');
  });

  it('keeps tabs and line breaks in multi-line text, and trims its ends', () => {
    expect(multiLine.parse('\n Single origin:\r\n\tEthiopia\n')).toBe('Single origin:\r\n\tEthiopia');
  });

  it('takes any other Unicode: accents, emoji, right-to-left text, zero-width joiners', () => {
    for (const value of ['Café', '😀 coffee', '👩‍👩‍👧‍👦', 'مرحبا', '中文', 'e\u0301', '\u200b']) {
      expect(oneLine.parse(value)).toBe(value.trim());
    }
  });

  it('answers text with no control character nor lone surrogate, or refuses it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), (value, multiline) => {
        const result = (multiline ? multiLine : oneLine).safeParse(value);
        if (!result.success) return;
        const rest = multiline ? result.data.replace(/[\t\n\r]/g, '') : result.data;
        expect(rest).not.toMatch(/\p{Cc}/u);
        expect(result.data).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      }),
      { seed: 20_261_123 },
    );
  });
});
