import { useState } from 'react';
import { RANK_PAGE_SIZE } from '@portal/contract/constants';
import { rankCalls, type RankEntry, type RankKind } from '@portal/contract/calls/ranking';
import { useCall } from '../../lib/use-call.ts';
import { format, useMessages } from '../../lib/i18n.ts';
import { useSite } from '../../lib/root-data.ts';
import { leaderboardMessages } from './leaderboard-messages.ts';
import './home.css';

const messages = leaderboardMessages;

interface BoardState {
  page: number;
  list: RankEntry[] | null;
  totalPage: number;
  mine: { rank: number; value: number } | null;
  failed: boolean;
}

function useBoard(kind: RankKind): [BoardState, (page: number) => void] {
  const [page, setPage] = useState(1);
  const mine = useCall(rankCalls[kind].current, {}, { quiet: true }).data ?? null;
  const board = useCall(rankCalls[kind].page, { pageCurrent: page, pageSize: RANK_PAGE_SIZE }, { quiet: true });
  const failed = !!board.error && !board.loading;
  const list = failed ? [] : (board.data?.list ?? null);
  return [{ page, list, totalPage: board.data?.totalPage ?? 0, mine, failed }, setPage];
}

function Board({ kind, title, unit }: { kind: RankKind; title: string; unit: [string, string] }) {
  const t = useMessages(messages);
  const { website } = useSite();
  const [board, setPage] = useBoard(kind);
  const withUnit = (v: number) => format(t.valueWithUnit, { value: v, unit: v === 1 ? unit[0] : unit[1] });
  return (
    <section className="portal-board" aria-label={title}>
      <h3 className="portal-board-title">{title}</h3>
      {board.list === null ? (
        <p className="portal-board-note" aria-busy="true">
          {t.loading}
        </p>
      ) : board.failed ? (
        <p className="portal-board-note">{t.failed}</p>
      ) : board.list.length === 0 ? (
        <p className="portal-board-note">{t.empty}</p>
      ) : (
        <ol className="portal-board-list">
          {board.list.map((e, i) => (
            // Equal ranks and equal names happen (two 张伟 with the same points): the position keys.
            <li key={i} className="portal-board-row">
              <span className={`portal-board-rank is-${Math.min(e.rank, 4)}`}>{e.rank}</span>
              <img
                className="portal-board-avatar"
                src={e.headPortrait || website.defaultUserHeadPortrait || '/demo/avatar.svg'}
                alt=""
                width={36}
                height={36}
                loading="lazy"
              />
              <span className="portal-board-who">
                <span className="portal-board-name">{e.userName}</span>
                <span className="portal-board-dept">{e.departmentName}</span>
              </span>
              <span className="portal-board-value">{withUnit(e.value)}</span>
            </li>
          ))}
        </ol>
      )}
      <div className="portal-board-foot">
        <span className="portal-board-mine">
          {board.mine &&
            format(t.mine, { rank: board.mine.rank }) + format(t.mineValue, { value: withUnit(board.mine.value) })}
        </span>
        <span className="portal-board-pager">
          <button type="button" disabled={board.page <= 1} onClick={() => setPage(board.page - 1)}>
            {t.previous}
          </button>
          <button type="button" disabled={board.page >= board.totalPage} onClick={() => setPage(board.page + 1)}>
            {t.next}
          </button>
        </span>
      </div>
    </section>
  );
}

/**
 * The three boards with their data (the ranking calls carry the contract's schemas: this module
 * loads after the page, outside the first load).
 */
export default function RankBoards({
  boards,
}: {
  boards: Array<{ kind: RankKind; title: string; unit: [string, string] }>;
}) {
  return (
    <div className="portal-boards">
      {boards.map((b) => (
        <Board key={b.kind} kind={b.kind} title={b.title} unit={b.unit} />
      ))}
    </div>
  );
}
