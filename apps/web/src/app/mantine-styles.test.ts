import { describe, expect, it } from 'vitest';
import { missingMantineStyles } from '../../vite-plugin-mantine-styles';

describe("the build's check of Mantine's styles", () => {
  const styleFiles = new Map([
    ['Button.css', '.m_77c9d27d { height: 36px; } .m_80f1301b { display: flex; }'],
    ['Table.css', '.m_b23fa0ef { width: 100%; }'],
    ['Tooltip.css', '.m_1b3c8819 { position: absolute; }'],
  ]);

  it("names the file of each class the code uses that the bundle's stylesheets do not define", () => {
    const code = 'const a = "m_77c9d27d", b = "m_b23fa0ef", c = "m_1b3c8819";';
    const css = '.m_1b3c8819{position:absolute}';
    expect(missingMantineStyles(code, css, styleFiles)).toEqual(['Button.css', 'Table.css']);
  });

  it('names nothing when every class is styled, or is none of these files (another package styles it)', () => {
    const code = 'const a = "m_77c9d27d", notification = "m_a49ed24"+"0", other = "m_0aa6e3b1";';
    const css = '.m_77c9d27d{height:36px}';
    expect(missingMantineStyles(code, css, styleFiles)).toEqual([]);
  });
});
