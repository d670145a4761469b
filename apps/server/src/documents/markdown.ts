import { decodeEntities } from './plain-text';

/**
 * Markdown reduced to the words a reader sees: headings, paragraphs, list items, table cells and
 * link texts, and the addresses of its web links once each on lines of their own at the end (a site
 * is a project detail, but an address inside a sentence would break it). Scripts, styles, HTML tags
 * and comments, images, data URIs, other link targets and code blocks go. Entities are decoded before tags are dropped, so an escaped `&lt;script&gt;` goes too.
 */
export function markdownToText(markdown: string): string {
  let text = markdown.replace(/\r\n?/g, '\n');
  // Fenced code blocks (an unclosed fence runs to the end, as in CommonMark).
  text = text.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm, '\n');
  text = decodeEntities(text);
  text = text.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ');
  // Raw text elements with their content; an unclosed one runs to the end.
  text = text.replace(/<(script|style|noscript|template|iframe|object|textarea)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ');
  text = text.replace(/<\/?[a-z][^<>]*>/gi, ' ');
  text = text.replace(/<[a-z][^<>\n]*$/gim, ' '); // a tag cut off at the end of a line
  // Images (alt text included: mostly badges), then links to their text, autolinks and reference definitions.
  text = text.replace(/!\[(?:[^\]\\]|\\.)*\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, ' ');
  text = text.replace(/!\[(?:[^\]\\]|\\.)*\]\[[^\]]*\]/g, ' ');
  const addresses = new Set<string>();
  text = text.replace(
    /\[((?:[^\]\\]|\\.)*)\]\(((?:[^()\s]|\([^()]*\))*)(?:\s+"[^"]*")?\)/g,
    (_link, label: string, target: string) => {
      if (/^https?:\/\/[^\s"'<>]+$/i.test(target)) addresses.add(target);
      return label;
    },
  );
  text = text.replace(/\[((?:[^\]\\]|\\.)*)\]\[[^\]]*\]/g, '$1');
  text = text.replace(/^ {0,3}\[[^\]]+\]:\s*\S+.*$/gm, '');
  text = text.replace(/\bdata:[a-z]+\/[a-z0-9.+-]+[^\s)"'>]*/gi, ' ');
  const lines = text.split('\n').map((line) => {
    if (/^ {0,3}([-*_])( *\1){2,} *$/.test(line)) return ''; // thematic break
    if (/^ {0,3}(=+|-+) *$/.test(line)) return ''; // setext underline
    if (/^ *\|? *:?-{2,}:? *(\| *:?-+:? *)*\|? *$/.test(line)) return ''; // table delimiter row
    return line
      .replace(/^ {0,3}#{1,6}(?=\s|$)/, '')
      .replace(/\s#+\s*$/, '')
      .replace(/^(\s*>)+/, '')
      .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/, '')
      .replace(/^\s*\||\|\s*$/g, '')
      .replace(/\s*\|\s*/g, '  ')
      .replace(/(\*{1,3}|_{2,3}|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|\W)_(?=\S)(.*?\S)_(?=\W|$)/g, '$1$2')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
      .trim();
  });
  return [...lines, ...(addresses.size ? ['', ...addresses] : [])].join('\n');
}
