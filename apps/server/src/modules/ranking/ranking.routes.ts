import { rankCalls, rankKinds } from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { RankingRepository } from './ranking.repository.ts';
import { RankingService } from './ranking.service.ts';

/** The six ranking calls: a board page and one's own rank for each of the three boards. */
export default defineModule({
  name: 'ranking',
  register(gateway, platform) {
    const ranking = new RankingService(new RankingRepository(platform.db));
    for (const kind of rankKinds) {
      gateway.call(rankCalls[kind].page, (q, ctx) => ranking.findRanks(ctx.session, kind, q.pageCurrent, q.pageSize));
      gateway.call(rankCalls[kind].current, (_q, ctx) => ranking.viewCurrentRank(ctx.session, kind));
    }
  },
});
