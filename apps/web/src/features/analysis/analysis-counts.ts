/** A count as the analysis screen writes it: 1,234. */
export const count = (value: number) => value.toLocaleString('en-US');

/** "1 keyword", "1,234 keywords". */
export const keywordsLabel = (value: number) => `${count(value)} ${value === 1 ? 'keyword' : 'keywords'}`;
