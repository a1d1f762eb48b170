import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  DETAIL_FIELDS,
  ErrorCode,
  formFields,
  isPassword,
  LEARNER_COUNT_CAP,
  maskPhone,
  pageOffset,
  toPage,
  type Lang,
  type LearnerFilter,
} from '@portal/contract';
import type { Tx } from '@portal/db';
import { afterCommit } from '../../platform/after-commit.ts';
import type { AuditLog } from '../../platform/audit.ts';
import { AppError, requireFound } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/providers/sms.ts';
import type { SessionStore } from '../../platform/session.ts';
import type { RegistrationForms } from '../registration-form/index.ts';
import { DepartmentRepository } from './department.repository.ts';
import { LearnerRepository, type LearnerCursor, type LearnerQuery, type MemberSnapshot } from './learner.repository.ts';
import { presentLearner } from './learner.presenter.ts';
import { refuseSelf } from './people.policy.ts';
import type { AdminCaller } from './department.service.ts';

/** Escapes LIKE's wildcards in what a person typed. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const encodeCursor = (c: LearnerCursor) => Buffer.from(JSON.stringify([c.value, c.accountId])).toString('base64url');

function decodeCursor(raw: string): LearnerCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && Number.isInteger(parsed[1]) && parsed[1] > 0) {
      return { value: parsed[0], accountId: parsed[1] as number };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError(ErrorCode.LEARNER_CURSOR_INVALID);
}

const PASSWORD_ALPHABETS = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789'] as const;

/**
 * A temporary password a person can type from a screen or a message: 10 characters of letters
 * and digits without the look-alikes (0/O, 1/l/I), at least one of each kind (isPassword).
 */
export function temporaryPassword(): string {
  const all = PASSWORD_ALPHABETS.join('');
  for (;;) {
    const chars = [...PASSWORD_ALPHABETS.map((a) => a[randomInt(a.length)]!)];
    while (chars.length < 10) chars.push(all[randomInt(all.length)]!);
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if (isPassword(password)) return password;
  }
}

/** What an audit row keeps of a member (no password, no ID number: the tenant's columns only). */
const memberAudit = (m: MemberSnapshot) => ({
  realName: m.realName,
  userName: m.userName,
  employeeNo: m.employeeNo,
  userDetail: m.userDetail,
  status: m.status,
  isAdmin: m.isAdmin,
});

export interface LearnerDeps {
  repo: LearnerRepository;
  sessions: Pick<SessionStore, 'forgetAccount' | 'revokeAll'>;
  forms: Pick<RegistrationForms, 'viewRegistrationConfig'>;
  /** The detail fields checked as at registration (the registration module's rule). */
  checkDetail: (eid: number, raw: Record<string, string>) => Promise<Record<string, string>>;
  sms: SmsProvider;
  /** The account security log (password changes), beside the administrators' audit log. */
  securityLog: AuditLog;
  siteName: (eid: number) => Promise<string>;
}

/**
 * The enterprise's learners in the back office (decision 037): the list, one learner, and the
 * administrator's changes — each in a transaction that locks the membership, writes, records its
 * before and after, and forgets what this process kept of the person once it commits.
 */
export class LearnerService {
  constructor(private readonly deps: LearnerDeps) {}

  /** The list's filter as SQL wants it; an unknown department or tag is refused. */
  async queryOf(eid: number, f: LearnerFilter): Promise<LearnerQuery> {
    const keyword = f.keyword?.trim() ?? '';
    const pattern = keyword ? `%${likeEscaped(keyword)}%` : null;
    let departmentIds: number[] | null = null;
    if (f.departmentId !== undefined) {
      departmentIds = await DepartmentRepository.subtreeIds(this.deps.repo.reader, eid, f.departmentId);
      if (departmentIds.length === 0) throw new AppError(ErrorCode.DEPARTMENT_NOT_FOUND);
    }
    if (f.tagId !== undefined) {
      const found = await LearnerRepository.existingTags(this.deps.repo.reader, eid, [f.tagId]);
      if (found.length === 0) throw new AppError(ErrorCode.TAG_NOT_FOUND);
    }
    return {
      // A phone is searched by 3 digits or more (fewer would match most people).
      matchIds: pattern
        ? await this.deps.repo.searchIds(eid, keyword, pattern, /^\d{3,}$/.test(keyword) ? pattern : null)
        : null,
      departmentIds,
      tagId: f.tagId ?? null,
      status: f.status ?? null,
      sort: f.sort,
    };
  }

  async findLearners(
    eid: number,
    lang: Lang,
    q: LearnerFilter & { pageCurrent: number; pageSize: number; cursor?: string | undefined },
  ) {
    const query = await this.queryOf(eid, q);
    const cursor = q.cursor ? decodeCursor(q.cursor) : null;
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    // One row more than the page tells whether another page follows (the cursor's page has no count to ask).
    const [rows, total] = await Promise.all([
      !cursor && offset >= LEARNER_COUNT_CAP
        ? Promise.resolve([])
        : this.deps.repo.findLearners(eid, query, { cursor, offset, limit: q.pageSize + 1 }),
      this.deps.repo.countLearners(eid, query),
    ]);
    const more = rows.length > q.pageSize;
    const list = rows.slice(0, q.pageSize);
    const last = list[list.length - 1];
    const present = await this.presentRows(eid, lang, list);
    return {
      ...toPage(present, total, q.pageCurrent, q.pageSize),
      nextCursor: more && last ? encodeCursor({ value: last.sortValue, accountId: last.accountId }) : null,
      countCapped: total >= LEARNER_COUNT_CAP,
    };
  }

  /** Rows with their departments and tags (two reads for the page, not two per row). */
  private async presentRows<R extends Parameters<typeof presentLearner>[0]>(eid: number, lang: Lang, rows: R[]) {
    const accountIds = rows.map((r) => r.accountId);
    const [departments, tags] = await Promise.all([
      this.deps.repo.departmentsOf(eid, accountIds),
      this.deps.repo.tagsOf(eid, accountIds),
    ]);
    return rows.map((r) => presentLearner(r, departments, tags, lang));
  }

  async viewLearner(eid: number, lang: Lang, accountId: number) {
    const row = requireFound(await this.deps.repo.viewLearner(eid, accountId), ErrorCode.LEARNER_NOT_FOUND);
    const [[learner], config, elsewhere] = await Promise.all([
      this.presentRows(eid, lang, [row]),
      this.deps.forms.viewRegistrationConfig(eid),
      this.deps.repo.inOtherEnterprises(eid, accountId),
    ]);
    const fields = formFields(DETAIL_FIELDS, config.userTitle, lang)
      .filter((f) => f.show && f.field !== 'headshot')
      .map((f) => ({
        field: f.field,
        label: f.label,
        required: f.required,
        kind: f.def.kind,
        enumName: f.def.enumName ?? null,
      }));
    return { ...learner!, userDetail: row.userDetail ?? {}, fields, inOtherEnterprises: elsewhere };
  }

  async editLearner(
    c: AdminCaller,
    q: {
      accountId: number;
      realName?: string | undefined;
      userName?: string | undefined;
      employeeNo?: string | undefined;
      userDetail?: Record<string, string> | undefined;
    },
  ) {
    // Checked before the transaction: it reads the site's form (no lock needed for it).
    const userDetail = q.userDetail === undefined ? undefined : await this.deps.checkDetail(c.eid, q.userDetail);
    return this.change(c, q.accountId, async (tx) => {
      const employeeNo = q.employeeNo === undefined ? undefined : q.employeeNo === '' ? null : q.employeeNo;
      if (employeeNo && (await LearnerRepository.employeeNoTaken(tx, c.eid, employeeNo, q.accountId))) {
        throw new AppError(ErrorCode.EMPLOYEE_NO_TAKEN);
      }
      await LearnerRepository.updateMember(tx, c.eid, q.accountId, {
        realName: q.realName,
        userName: q.userName,
        employeeNo,
        userDetail,
      });
      return { accountId: q.accountId };
    });
  }

  async setLearnerStatus(c: AdminCaller, q: { accountId: number; enabled: boolean }) {
    if (!q.enabled) refuseSelf(c, q.accountId, ErrorCode.LEARNER_SELF_DISABLE);
    const status = q.enabled ? 1 : 2;
    const result = await this.change(c, q.accountId, async (tx) => {
      await LearnerRepository.updateMember(tx, c.eid, q.accountId, { status });
      return { accountId: q.accountId, status };
    });
    // Disabled: the sessions here end (their next call answers 308, session.ts); enabling later
    // does not bring them back. Already refused by the status should this fail.
    if (!q.enabled) {
      await this.deps.repo.endSessionsIn(c.eid, q.accountId, 'disabled');
      this.deps.sessions.forgetAccount(q.accountId);
    }
    return result;
  }

  async setLearnerAdmin(c: AdminCaller, q: { accountId: number; isAdmin: boolean }) {
    if (!q.isAdmin) refuseSelf(c, q.accountId, ErrorCode.LEARNER_SELF_UNADMIN);
    return this.change(c, q.accountId, async (tx) => {
      await LearnerRepository.updateMember(tx, c.eid, q.accountId, { isAdmin: q.isAdmin });
      return { accountId: q.accountId, isAdmin: q.isAdmin };
    });
  }

  async setLearnerTags(c: AdminCaller, q: { accountId: number; tagIds: number[] }) {
    const wanted = [...new Set(q.tagIds)].sort((x, y) => x - y);
    return this.changeGroups(
      c,
      q.accountId,
      'tagIds',
      async (tx) => {
        const found = await LearnerRepository.existingTags(tx, c.eid, wanted);
        if (found.length !== wanted.length) throw new AppError(ErrorCode.TAG_NOT_FOUND);
        await LearnerRepository.replaceTags(tx, c.eid, q.accountId, wanted);
        return wanted;
      },
      (tx) => LearnerRepository.tagIdsOf(tx, c.eid, q.accountId),
    );
  }

  async setLearnerDepartments(c: AdminCaller, q: { accountId: number; departmentIds: number[] }) {
    const wanted = [...new Set(q.departmentIds)].sort((x, y) => x - y);
    return this.changeGroups(
      c,
      q.accountId,
      'departmentIds',
      async (tx) => {
        // The tree's lock: a department being deleted cannot take a new member with it.
        await DepartmentRepository.lockTree(tx, c.eid);
        const found = await LearnerRepository.existingDepartments(tx, c.eid, wanted);
        if (found.length !== wanted.length) throw new AppError(ErrorCode.DEPARTMENT_NOT_FOUND);
        await LearnerRepository.replaceDepartments(tx, c.eid, q.accountId, wanted);
        return wanted;
      },
      (tx) => LearnerRepository.departmentIdsOf(tx, c.eid, q.accountId),
    );
  }

  /**
   * A new temporary password, hashed as accounts keep passwords (argon2id). `temporary`: shown
   * once to the administrator, only for a person who belongs to this enterprise alone (else the
   * administrator would hold a password that opens other enterprises too); `sms`: sent to the
   * person's phone, never shown. Every session of the account ends, as with any password change.
   */
  async resetLearnerPassword(c: AdminCaller, q: { accountId: number; mode: 'temporary' | 'sms' }) {
    refuseSelf(c, q.accountId, ErrorCode.LEARNER_SELF_RESET);
    if (q.mode === 'temporary' && (await this.deps.repo.inOtherEnterprises(c.eid, q.accountId))) {
      requireFound(await this.deps.repo.viewLearner(c.eid, q.accountId), ErrorCode.LEARNER_NOT_FOUND);
      throw new AppError(ErrorCode.LEARNER_PASSWORD_SMS_ONLY);
    }
    const password = temporaryPassword();
    const passwordHash = await hash(password);
    // The owner's transaction: the password is not the tenant's column; the membership is read by eid.
    const phone = await this.deps.repo.systemTransaction(async (tx) => {
      requireFound(await LearnerRepository.lockMember(tx, c.eid, q.accountId), ErrorCode.LEARNER_NOT_FOUND);
      const found = requireFound(await LearnerRepository.phoneOf(tx, q.accountId), ErrorCode.LEARNER_NOT_FOUND);
      await LearnerRepository.setPasswordHash(tx, q.accountId, passwordHash);
      await c.audit.record(tx, {
        entityType: 'learner',
        entityId: q.accountId,
        before: { password: 'unchanged' },
        after: { password: q.mode === 'sms' ? 'reset, sent by SMS' : 'reset, shown once' },
      });
      if (q.mode === 'sms') {
        // Sent inside the transaction: a message that could not go out leaves the old password.
        const site = await this.deps.siteName(c.eid);
        await this.deps.sms
          .send(found, {
            code: password,
            text: `【${site}】管理员已为您重置登录密码，临时密码为 ${password}，请登录后尽快修改。`,
          })
          .catch((err: unknown) => {
            throw new AppError(ErrorCode.INTERNAL, {
              message: { zh: '短信发送失败，请稍后再试', en: 'The SMS could not be sent, please try again later' },
              cause: err,
            });
          });
      }
      return found;
    });
    await this.deps.sessions.revokeAll(q.accountId, 'password reset by an administrator');
    await this.deps.securityLog.write({
      event: 'password_changed',
      accountId: q.accountId,
      eid: c.eid,
      ip: c.ip,
      detail: { how: 'admin_reset', by: c.accountId, mode: q.mode },
    });
    return {
      accountId: q.accountId,
      password: q.mode === 'temporary' ? password : null,
      sentTo: q.mode === 'sms' ? maskPhone(phone) : null,
    };
  }

  /** A change of one member: locked, written, audited with before and after, forgotten once committed. */
  private async change<T>(c: AdminCaller, accountId: number, write: (tx: Tx, before: MemberSnapshot) => Promise<T>) {
    return this.deps.repo.transaction(async (tx) => {
      const before = requireFound(
        await LearnerRepository.lockMember(tx, c.eid, accountId),
        ErrorCode.LEARNER_NOT_FOUND,
      );
      const result = await write(tx, before);
      const after = requireFound(await LearnerRepository.lockMember(tx, c.eid, accountId));
      await c.audit.record(tx, {
        entityType: 'learner',
        entityId: accountId,
        before: memberAudit(before),
        after: memberAudit(after),
      });
      afterCommit(tx, (e) => e.forgetAccount(accountId));
      return result;
    });
  }

  /** A change of a member's tags or departments, audited as the sets of ids before and after. */
  private async changeGroups<K extends 'tagIds' | 'departmentIds'>(
    c: AdminCaller,
    accountId: number,
    key: K,
    write: (tx: Tx) => Promise<number[]>,
    read: (tx: Tx) => Promise<number[]>,
  ) {
    return this.deps.repo.transaction(async (tx) => {
      requireFound(await LearnerRepository.lockMember(tx, c.eid, accountId), ErrorCode.LEARNER_NOT_FOUND);
      const before = await read(tx);
      const after = await write(tx);
      await c.audit.record(tx, {
        entityType: 'learner',
        entityId: accountId,
        before: { [key]: before },
        after: { [key]: after },
      });
      afterCommit(tx, (e) => e.forgetAccount(accountId));
      return { accountId, [key]: after } as { accountId: number } & Record<K, number[]>;
    });
  }
}
