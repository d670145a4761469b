import { messages } from '@keywright/contract';
import { Text } from '@mantine/core';
import classes from './ad-copy.module.css';

/**
 * One combination of the kept lines drawn the way Google shows a search ad: Sponsored, the
 * advertiser and its display URL, the headlines joined with " | ", the descriptions as one paragraph.
 */
export function AdPreviewCard({
  advertiser,
  displayUrl,
  headlines,
  descriptions,
}: {
  advertiser: string;
  displayUrl: string;
  headlines: readonly string[];
  descriptions: readonly string[];
}) {
  const initial = advertiser.trim().charAt(0).toUpperCase() || '?';
  return (
    <article className={classes.ad} aria-label={messages.adPreview} aria-live="polite">
      <Text component="p" className={classes.sponsored}>
        {messages.sponsored}
      </Text>
      <div className={classes.advertiser}>
        <span className={classes.favicon} aria-hidden>
          {initial}
        </span>
        <div className={classes.advertiserText}>
          <Text component="p" className={classes.advertiserName}>
            {advertiser}
          </Text>
          <Text component="p" className={classes.displayUrl}>
            {displayUrl}
          </Text>
        </div>
      </div>
      <Text component="h3" className={classes.headline}>
        {headlines.join(' | ')}
      </Text>
      <Text component="p" className={classes.description}>
        {descriptions.join(' ')}
      </Text>
    </article>
  );
}
