// A document's text as lines and paragraphs, with Markdown and HTML markup taken out: the text
// extraction hands over plain text, but a .md or .txt file may still carry markup of its own.

export interface TextLine {
  text: string;
  /** 1-6 for a Markdown (`#`, or underlined) heading, 0 otherwise. */
  heading: number;
  isListItem: boolean;
}

export interface CleanDocument {
  lines: TextLine[];
  /** Paragraphs: runs of lines joined where a sentence was wrapped, headings and list items on their own. */
  paragraphs: string[];
  /** The cleaned text, a paragraph per line. */
  text: string;
  /** Link targets and URLs written in the text, in order (images' sources left out). */
  urls: string[];
}

/** Top-level domains a bare domain may end in; "PDF.js", "config.json" and "README.platforms" are not domains. */
const bareDomainPattern =
  /(?<![\p{L}\p{N}.@-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|io|dev|app|ai|co|eu|de|fr|uk|nl|es|it|pt|dk|se|fi|no|ch|at|be|pl|ca|au|us|info|biz|me|shop|store|online|site|tech|cloud)(?:\/[^\s<>()"'`]*)?(?![\p{L}\p{N}-])/giu;
const urlPattern = /\bhttps?:\/\/[^\s<>()"'`\][]+/gi;

/** Markup out, links kept as their text (their targets in `urls`). */
export function cleanDocument(raw: string): CleanDocument {
  const urls: string[] = [];
  let text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    // Code, scripts and styles say nothing about the project; data URIs are noise.
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/data:[a-z]+\/[\w.+-]+;base64,[A-Za-z0-9+/=]+/gi, '')
    // Images, with a link around them (badges), go whole.
    .replace(/\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/<img\b[^>]*>/gi, '')
    .replace(/\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, (_match, label: string, target: string) => {
      if (/^https?:\/\//i.test(target)) urls.push(target);
      return label;
    })
    .replace(/<a\b[^>]*href=["']([^"']+)["'][^>]*>/gi, (_match, target: string) => {
      if (/^https?:\/\//i.test(target)) urls.push(target);
      return '';
    })
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    // Template placeholders: Word's mail-merge fields and «Name», ${year}, {{name}}.
    .replace(/\bMERGEFIELD\s+\S+/g, '')
    .replace(/«[^»\n]{0,40}»|\$\{[^}\n]{0,40}\}|\{\{[^}\n]{0,40}\}\}/g, '');
  for (const match of text.matchAll(urlPattern)) urls.push(match[0].replace(/[.,;:!?]+$/, ''));
  // Bare domains ("supabase.io/docs", "www.acme.de"): the text extraction keeps link texts only.
  for (const match of text.replace(urlPattern, ' ').matchAll(bareDomainPattern)) {
    if (!/[@/]$/.test(text.slice(Math.max(0, match.index - 1), match.index))) urls.push(`https://${match[0]}`);
  }
  text = text.replace(/<(https?:\/\/[^>\s]+)>/g, '$1');

  const lines: TextLine[] = [];
  for (const rawLine of text.split('\n')) {
    let line = rawLine.trim();
    // An underline makes the line above it a heading; alone it is a rule.
    const rule = line.replace(/\s/g, '');
    if (rule.length >= 3 && /^(=+|-+|\*+|_+)$/.test(rule)) {
      const previous = lines.at(-1);
      if (previous?.text && !previous.heading && !previous.isListItem && /^[=-]/.test(rule)) {
        previous.heading = rule.startsWith('=') ? 1 : 2;
      }
      lines.push({ text: '', heading: 0, isListItem: false });
      continue;
    }
    // Tables are data, not prose.
    if (/^\|.*\|$/.test(line)) {
      lines.push({ text: '', heading: 0, isListItem: false });
      continue;
    }
    let heading = 0;
    const headingMatch = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (headingMatch) {
      heading = headingMatch[1]!.length;
      line = headingMatch[2]!;
    }
    let isListItem = false;
    const listMatch = /^(?:[-*+•▪◦]|\d{1,3}[.)]|[a-z][.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
    if (listMatch) {
      isListItem = true;
      line = listMatch[1]!;
    }
    line = line
      .replace(/^>\s?/, '')
      .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
      .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/[ \t]+/g, ' ')
      .trim();
    lines.push({ text: line, heading, isListItem });
  }

  // Hard-wrapped text (a plain-text README, a PDF's lines) breaks where the next word would not
  // fit; a slide's bullets end short of that. The width is what most long lines reach.
  const lengths = lines
    .filter((line) => line.text && !line.heading && !line.isListItem)
    .map((line) => line.text.length)
    .sort((a, b) => a - b);
  const width = lengths[Math.floor(lengths.length * 0.9)] ?? 0;
  // Wrapped text goes on in lower case often enough; bullets almost never do.
  let longLines = 0;
  let lowerAfterLong = 0;
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    if (!next?.text || line.text.length < width * 0.6) return;
    longLines++;
    if (/^[a-zà-ÿ(]/.test(next.text)) lowerAfterLong++;
  });
  const isHardWrapped = width >= 40 && lowerAfterLong >= longLines * 0.3;
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) paragraphs.push(current.trim());
    current = '';
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line.text) {
      flush();
      continue;
    }
    if (line.heading || line.isListItem) {
      flush();
      paragraphs.push(line.text);
      continue;
    }
    current = current ? `${current} ${line.text}` : line.text;
    const next = lines[index + 1];
    // A wrapped sentence goes on; a short line that ends a thought (a slide's bullet) does not.
    const nextWord = next?.text.split(' ')[0] ?? '';
    const wraps =
      next?.text &&
      !next.heading &&
      !next.isListItem &&
      (/^[a-zà-ÿ(]/.test(next.text) ||
        /[,;–-]$|\b(?:and|or|the|of|a|an|to|for|in|with|as|by|on|und|der|die|das|et|de|le|la|e|o|a)$/i.test(
          line.text,
        ) ||
        (isHardWrapped && line.text.length >= width * 0.6 && line.text.length + 1 + nextWord.length > width * 0.9));
    if (!wraps) flush();
  }
  flush();
  return { lines: lines.filter((line) => line.text), paragraphs, text: paragraphs.join('\n'), urls };
}

/** Sentences of a paragraph: split after . ! ? before a capital, not after an initial or "e.g.". */
export function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const boundary = /[.!?]["”’)]?\s+(?=["“(]?[A-ZÀ-ÖØ-Þ0-9])/g;
  for (const match of paragraph.matchAll(boundary)) {
    const end = match.index + match[0].trimEnd().length;
    const before = paragraph.slice(start, end);
    // "U.S. and", "Mr. Draeger", "e.g. Google": not the end of a sentence.
    if (/(?:\b[A-Z]\.|\b(?:Mr|Mrs|Ms|Dr|St|Inc|Ltd|Co|vs|e\.g|i\.e|etc|No|Nr|ca|bzw|pr|z\.B)\.)$/.test(before))
      continue;
    sentences.push(before.trim());
    start = match.index + match[0].length;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** Words of a text (letters, digits, inner apostrophes and hyphens). */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}
