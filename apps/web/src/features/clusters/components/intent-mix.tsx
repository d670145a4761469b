import { messages, type KeywordCluster } from '@keywright/contract';
import { Text, VisuallyHidden } from '@mantine/core';
import { describeIntentMix, intentShares } from '../clusters-view';
import classes from './clusters.module.css';

/**
 * A group's intent mix: one bar split by intent (for the eye) and a legend with the full intent
 * names and counts (for everyone). Screen readers hear it as one sentence.
 */
export function IntentMix({ cluster }: { cluster: Pick<KeywordCluster, 'intentMix' | 'keywordCount'> }) {
  const shares = intentShares(cluster.intentMix, cluster.keywordCount);
  const total = shares.reduce((sum, share) => sum + share.count, 0);
  if (shares.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {messages.intentNotKnown}
      </Text>
    );
  }
  return (
    <div>
      <VisuallyHidden>Intent: {describeIntentMix(cluster.intentMix, cluster.keywordCount)}</VisuallyHidden>
      <div aria-hidden>
        <div className={classes.mixBar}>
          {shares.map((share) => (
            <span
              key={share.intent}
              className={classes[`intent-${share.intent}`]}
              style={{ width: `${(share.count / total) * 100}%` }}
            />
          ))}
        </div>
        <ul className={classes.mixLegend}>
          {shares.map((share) => (
            <li key={share.intent} className={classes.mixItem}>
              <span className={`${classes.mixDot} ${classes[`intent-${share.intent}`]}`} />
              {share.label} {share.count}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
