import { ErrorCode, toPage, type Lang, type LecturerBase, pageOffset } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { LecturerRepository } from './lecturer.repository.ts';

type Row = NonNullable<Awaited<ReturnType<LecturerRepository['one']>>>;

const present = (row: Row, lang: Lang): LecturerBase => ({
  id: row.id,
  name: row.name,
  title: row.title,
  organization: row.organization,
  avatarUrl: row.avatarUrl,
  rankId: row.rankId,
  rankName: (lang === 'en' && row.rankNameEn ? row.rankNameEn : row.rankName) ?? '',
});

/** Lecturers of the session's enterprise (issue 4): ranks, the paged list, a lecturer. */
export class LecturerService {
  constructor(private readonly repo: LecturerRepository) {}

  async findLecturerRanks(eid: number, lang: Lang) {
    return (await this.repo.findLecturerRanks(eid)).map((r) => ({
      id: r.id,
      name: lang === 'en' && r.nameEn ? r.nameEn : r.name,
    }));
  }

  async findLecturers(
    eid: number,
    q: { pageCurrent: number; pageSize: number; rankId?: number | undefined; keyword?: string | undefined },
    lang: Lang,
  ) {
    const filter = { ...(q.rankId ? { rankId: q.rankId } : {}), ...(q.keyword ? { keyword: q.keyword } : {}) };
    const { rows, total } = await this.repo.findLecturers(
      eid,
      filter,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(
      rows.map((row) => present(row, lang)),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  /** The home lecturer zone: featured lecturers in order, at most `limit`. */
  async findZoneLecturers(eid: number, limit: number, lang: Lang) {
    return (await this.repo.findZoneLecturers(eid, limit)).map((row) => present(row, lang));
  }

  /** Another enterprise's lecturer is as unknown as a missing one (404). */
  async viewLecturerBase(eid: number, id: number, lang: Lang) {
    return present(await this.found(eid, id), lang);
  }

  async viewLecturerDetail(eid: number, id: number, lang: Lang) {
    const row = await this.found(eid, id);
    // The sanitiser (sanitize-html, with its parser) is loaded when rich text is first presented.
    const { sanitizeRichText } = await import('@portal/contract/sanitize');
    return { ...present(row, lang), intro: sanitizeRichText(row.intro) };
  }

  private async found(eid: number, id: number): Promise<Row> {
    const row = await this.repo.one(eid, id);
    if (!row)
      throw new AppError(ErrorCode.NOT_FOUND, { message: { zh: '讲师不存在', en: 'The lecturer does not exist' } });
    return row;
  }
}
