import type { KeywordListItem, SearchIntent } from '@keywright/contract';
import { csvLines, UTF8_BOM } from '../../lib/csv';
import { amountCell, moneyColumn, SOURCE_COLUMN, sourceCell } from '../../queries/figures-csv';
import { intentCell } from '../../queries/keyword-intents';

/**
 * A list's CSV file, line by line: Keyword, the figure columns when any figures are cached, and
 * Intent. The bids are named with `currency`; a bid in another keeps its code.
 */
export async function* keywordListCsv(
  batches: AsyncIterable<Array<KeywordListItem & { intent: SearchIntent[] }>>,
  { withFigures, currency }: { withFigures: boolean; currency: string },
) {
  yield (
    UTF8_BOM +
    csvLines([
      withFigures
        ? [
            'Keyword',
            'Search Volume',
            'Competition',
            moneyColumn('Low CPC', currency),
            moneyColumn('High CPC', currency),
            SOURCE_COLUMN,
            'Intent',
          ]
        : ['Keyword', 'Intent'],
    ])
  );
  for await (const batch of batches) {
    yield csvLines(
      batch.map(({ keyword, metrics: figures, intent }) =>
        withFigures
          ? [
              keyword,
              figures?.avg_monthly_searches == null ? 'N/A' : String(figures.avg_monthly_searches),
              figures?.competition ?? 'N/A',
              amountCell(figures?.cpc_low, figures, currency),
              amountCell(figures?.cpc_high, figures, currency),
              sourceCell(figures),
              intentCell(intent),
            ]
          : [keyword, intentCell(intent)],
      ),
    );
  }
}
