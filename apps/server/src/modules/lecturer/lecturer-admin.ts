import { ErrorCode, pageOffset, toPage, type AdminLecturer, type Lang, type LecturerForm } from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import type { UploadService } from '../upload/index.ts';
import { LecturerAdminRepository, LECTURER_COUNT_CAP, type LecturerRow } from './lecturer-admin.repository.ts';

/** An administrator's call (the gateway settled that the session administers its enterprise). */
export interface AdminCaller {
  session: Session;
  audit: AdminAudit;
}

type ListRow = Awaited<ReturnType<LecturerAdminRepository['page']>>['rows'][number];

const notFound = () =>
  new AppError(ErrorCode.NOT_FOUND, { message: { zh: '讲师不存在', en: 'The lecturer does not exist' } });

const present = (row: ListRow, lang: Lang): AdminLecturer => ({
  id: row.id,
  name: row.name,
  title: row.title,
  organization: row.organization,
  avatarUrl: row.avatarUrl,
  rankId: row.rankId,
  rankName: (lang === 'en' && row.rankNameEn ? row.rankNameEn : row.rankName) ?? '',
  sort: row.sort,
  published: row.published,
  featured: row.featured,
  courseCount: row.courseCount,
});

/** What the audit log keeps of a lecturer: the stored fields an administrator changes. */
const audited = (row: LecturerRow) => ({
  name: row.name,
  title: row.title,
  organization: row.organization,
  rankId: row.rankId,
  avatarUrl: row.avatarUrl,
  intro: row.intro,
  sort: row.sort,
  published: row.published,
  featured: row.featured,
});

/**
 * The back office's lecturers (issue 21 item 3, decision 040). Every write is one transaction with
 * its audit row, and forgets after the commit what this process cached of the enterprise's
 * lecturers (the home zone, course cards, visitors' answers and pages).
 *
 * Delete is refused while courses or study projects name the lecturer (9252): unlinking would
 * silently change what learners see on those courses; hiding (published off) is the way to take a
 * lecturer away from learners at once.
 */
export class LecturerAdmin {
  constructor(
    private readonly repo: LecturerAdminRepository,
    private readonly uploads: UploadService,
  ) {}

  async page(
    eid: number,
    q: {
      pageCurrent: number;
      pageSize: number;
      keyword?: string | undefined;
      rankId?: number | undefined;
      published?: '0' | '1' | undefined;
    },
    lang: Lang,
  ) {
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    const filter = {
      keyword: q.keyword || undefined,
      rankId: q.rankId,
      published: q.published === undefined ? undefined : q.published === '1',
    };
    const { rows, total } =
      offset >= LECTURER_COUNT_CAP
        ? { rows: [], total: LECTURER_COUNT_CAP }
        : await this.repo.page(eid, filter, offset, q.pageSize);
    return toPage(
      rows.map((row) => present(row, lang)),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async view(eid: number, id: number, lang: Lang) {
    const row = await this.repo.view(eid, id);
    if (!row) throw notFound();
    return { ...present(row, lang), intro: row.intro };
  }

  async create({ session, audit }: AdminCaller, form: LecturerForm) {
    const values = await this.checked(session, form);
    return this.repo.transaction(async (tx) => {
      const photo = await this.claimPhoto(tx, session, '', values.avatarUrl);
      const row = await LecturerAdminRepository.insert(tx, { eid: session.eid, ...values, avatarUrl: photo });
      await this.settle(tx, session, audit, row.id, null, row);
      return { id: row.id };
    });
  }

  async edit({ session, audit }: AdminCaller, id: number, form: LecturerForm) {
    const values = await this.checked(session, form);
    const released = await this.repo.transaction(async (tx) => {
      const before = await LecturerAdminRepository.lock(tx, session.eid, id);
      if (!before) throw notFound();
      const photo = await this.claimPhoto(tx, session, before.avatarUrl, values.avatarUrl);
      const after = await LecturerAdminRepository.update(tx, session.eid, id, { ...values, avatarUrl: photo });
      await this.settle(tx, session, audit, id, before, after);
      return photo === before.avatarUrl ? null : before.avatarUrl;
    });
    // A replaced upload is released to the sweep (deleted a day later, like a replaced avatar).
    if (released) await this.uploads.release([this.uploads.keyOfPublicUrl(released)]);
    return { id };
  }

  async delete({ session, audit }: AdminCaller, id: number) {
    const photo = await this.repo.transaction(async (tx) => {
      const before = await LecturerAdminRepository.lock(tx, session.eid, id);
      if (!before) throw notFound();
      const uses = await LecturerAdminRepository.uses(tx, session.eid, id);
      if (uses.courses + uses.projects > 0) {
        throw new AppError(ErrorCode.LECTURER_IN_USE, { data: uses });
      }
      await LecturerAdminRepository.remove(tx, session.eid, id);
      await this.settle(tx, session, audit, id, before, null);
      return before.avatarUrl;
    });
    await this.uploads.release([this.uploads.keyOfPublicUrl(photo)]);
    return { id };
  }

  async courses(eid: number, q: { id: number; pageCurrent: number; pageSize: number }) {
    if (!(await this.repo.view(eid, q.id))) throw notFound();
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    const { rows, total } =
      offset >= LECTURER_COUNT_CAP
        ? { rows: [], total: LECTURER_COUNT_CAP }
        : await this.repo.courses(eid, q.id, offset, q.pageSize);
    return toPage(
      rows.map((row) => ({ ...row, categoryName: row.categoryName ?? '' })),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  /** The form as stored (the introduction sanitised: the portal renders it), its rank the enterprise's. */
  private async checked(session: Session, form: LecturerForm) {
    if (form.rankId !== null && !(await this.repo.rankExists(session.eid, form.rankId))) {
      throw new AppError(ErrorCode.LECTURER_RANK_UNKNOWN);
    }
    const { sanitizeRichText } = await import('@portal/contract/sanitize');
    return {
      name: form.name,
      title: form.title,
      organization: form.organization,
      rankId: form.rankId,
      avatarUrl: form.avatarUrl,
      intro: form.intro ? sanitizeRichText(form.intro) : '',
      sort: form.sort,
      published: form.published,
      featured: form.featured,
    };
  }

  /**
   * The photo to store: unchanged, none, or an upload of this administrator (uploadPic), which the
   * site then owns (not swept, not gone with the administrator's account); else 9253.
   */
  private async claimPhoto(tx: Tx, session: Session, current: string, wanted: string): Promise<string> {
    if (wanted === current || wanted === '') return wanted;
    const key = this.uploads.keyOfPublicUrl(wanted);
    if (!key || !(await this.uploads.claimForSite(tx, key, session.eid, session.accountId))) {
      throw new AppError(ErrorCode.LECTURER_PHOTO_UNUSABLE);
    }
    return wanted;
  }

  /** The audit row, and the caches forgotten once committed. */
  private async settle(
    tx: Tx,
    session: Session,
    audit: AdminAudit,
    id: number,
    before: LecturerRow | null,
    after: LecturerRow | null,
  ) {
    await audit.record(tx, {
      entityType: 'lecturer',
      entityId: id,
      before: before && audited(before),
      after: after && audited(after),
    });
    afterCommit(tx, (e) => e.contentChanged({ eid: session.eid, kind: 'lecturer' }));
  }
}
