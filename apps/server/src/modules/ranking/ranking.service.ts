import { LEADERBOARD_SIZE, toPage, type Page, type RankEntry, type RankKind, pageOffset } from '@portal/contract';
import type { Session } from '../../platform/session.ts';
import type { RankingRepository } from './ranking.repository.ts';

/** Credit hours are kept in tenths; everything else is shown as stored. */
const shown = (kind: RankKind, value: number) => (kind === 'creditHour' ? value / 10 : value);

/**
 * The leaderboards (issue 4, decision 012): the top LEADERBOARD_SIZE learners of the session's
 * enterprise by points, credit hours or certificates, and the signed-in learner's own rank among
 * everyone. Equal values share a rank.
 */
export class RankingService {
  constructor(private readonly repo: RankingRepository) {}

  async findRanks(session: Session, kind: RankKind, pageCurrent: number, pageSize: number): Promise<Page<RankEntry>> {
    const total = await this.repo.boardSize(session.eid, kind, LEADERBOARD_SIZE);
    const offset = pageOffset(pageCurrent, pageSize);
    const limit = Math.max(0, Math.min(pageSize, LEADERBOARD_SIZE - offset));
    const rows = limit > 0 && offset < total ? await this.repo.findRanks(session.eid, kind, offset, limit) : [];
    return toPage(
      rows.map((r) => ({
        rank: r.rank,
        userName: r.realName || r.userName,
        headPortrait: r.headPortrait,
        departmentName: r.departmentName,
        value: shown(kind, r.value),
      })),
      total,
      pageCurrent,
      pageSize,
    );
  }

  async viewCurrentRank(session: Session, kind: RankKind) {
    const mine = await this.repo.rankOf(session.eid, session.accountId, kind);
    return { rank: mine.rank, value: shown(kind, mine.value) };
  }
}
