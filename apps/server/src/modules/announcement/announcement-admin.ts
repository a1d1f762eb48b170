import {
  ErrorCode,
  pageOffset,
  toPage,
  type AdminAnnouncement,
  type AdminAnnouncementRow,
  type CallParsedRequest,
  type findAdminAnnouncements,
  type saveAnnouncement,
} from '@portal/contract';
import type { Db, Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError, requireFound } from '../../platform/errors.ts';
import {
  ADMIN_COUNT_CAP,
  AnnouncementAdminRepository as Repo,
  type AnnouncementRow,
} from './announcement-admin.repository.ts';

/** An administrator's call (the gateway settled that the session administers `eid`). */
export interface AdminCaller {
  eid: number;
  audit: AdminAudit;
}

const presentRow = (r: AnnouncementRow, departments: Array<{ id: number; name: string }>): AdminAnnouncementRow => ({
  id: r.id,
  title: r.title,
  published: r.published,
  publishedAt: r.publishedAt.toISOString(),
  popup: r.popup,
  commentOpen: r.commentOpen,
  departments,
});

// The sanitiser (sanitize-html, with its parser) is loaded when rich text is first saved.
const sanitize = async (html: string) => (await import('@portal/contract/sanitize')).sanitizeRichText(html);

/**
 * Announcements and notices in the back office (decision 043): written in the rich-text editor
 * (sanitised when saved), published to everyone or to departments, taken back, deleted. Learners
 * read them through their records (decision 014), which are made on their next read for what
 * newly reaches them and removed at once from those it no longer reaches; nothing caches them.
 */
export class AnnouncementAdmin {
  constructor(private readonly repo: Repo) {}

  async findAnnouncements(eid: number, q: CallParsedRequest<typeof findAdminAnnouncements>) {
    const filter = {
      keyword: q.keyword || undefined,
      published: q.status === undefined ? undefined : q.status === 'published',
    };
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    const [rows, total] = await Promise.all([
      offset >= ADMIN_COUNT_CAP ? Promise.resolve([]) : this.repo.findAnnouncements(eid, filter, offset, q.pageSize),
      this.repo.countAnnouncements(eid, filter),
    ]);
    const targets = await Repo.targetsOf(
      this.repo.db,
      eid,
      rows.map((r) => r.id),
    );
    return toPage(
      rows.map((r) => presentRow(r, targets.get(r.id) ?? [])),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  findDepartments(eid: number) {
    return this.repo.findDepartments(eid);
  }

  async viewAnnouncement(eid: number, id: number): Promise<AdminAnnouncement> {
    return this.present(this.repo.db, eid, requireFound(await Repo.announcement(this.repo.db, eid, id)));
  }

  private async present(tx: Tx | Db, eid: number, row: AnnouncementRow): Promise<AdminAnnouncement> {
    const targets = await Repo.targetsOf(tx, eid, [row.id]);
    return { ...presentRow(row, targets.get(row.id) ?? []), content: row.content };
  }

  async saveAnnouncement(
    { eid, audit }: AdminCaller,
    q: CallParsedRequest<typeof saveAnnouncement>,
  ): Promise<AdminAnnouncement> {
    const content = await sanitize(q.content);
    const departmentIds = [...new Set(q.departmentIds)];
    return this.repo.transaction(async (tx) => {
      if ((await Repo.countDepartments(tx, eid, departmentIds)) !== departmentIds.length) {
        throw new AppError(ErrorCode.ANNOUNCEMENT_DEPARTMENT_UNKNOWN);
      }
      const values = {
        title: q.title,
        content,
        popup: q.popup,
        commentOpen: q.commentOpen,
        published: q.published,
        ...(q.publishedAt ? { publishedAt: new Date(q.publishedAt) } : {}),
      };
      let before: AdminAnnouncement | null = null;
      let id: number;
      if (q.id === undefined) {
        // The enterprise's own (kind 1): platform notices (kind 2) are not the enterprise's to write.
        id = await Repo.insert(tx, { eid, kind: 1, ...values });
      } else {
        before = await this.present(tx, eid, requireFound(await Repo.announcement(tx, eid, q.id, true)));
        id = q.id;
        await Repo.update(tx, eid, id, values);
      }
      await Repo.setTargets(tx, eid, id, departmentIds);
      const after = await this.present(tx, eid, requireFound(await Repo.announcement(tx, eid, id)));
      await audit.record(tx, { entityType: 'announcement', entityId: id, before, after });
      return after;
    });
  }

  async setPublished({ eid, audit }: AdminCaller, id: number, published: boolean): Promise<AdminAnnouncementRow> {
    return this.repo.transaction(async (tx) => {
      const before = await this.present(tx, eid, requireFound(await Repo.announcement(tx, eid, id, true)));
      await Repo.update(tx, eid, id, { published });
      const { content: _content, ...after } = await this.present(
        tx,
        eid,
        requireFound(await Repo.announcement(tx, eid, id)),
      );
      const { content: _before, ...beforeRow } = before;
      await audit.record(tx, { entityType: 'announcement', entityId: id, before: beforeRow, after });
      return after;
    });
  }

  async deleteAnnouncement({ eid, audit }: AdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = await this.present(tx, eid, requireFound(await Repo.announcement(tx, eid, id, true)));
      await Repo.delete(tx, eid, id);
      await audit.record(tx, { entityType: 'announcement', entityId: id, before, after: null });
      return { id };
    });
  }
}
