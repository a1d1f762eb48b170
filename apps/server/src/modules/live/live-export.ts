import type { Lang } from '@portal/contract';
import { chinaMinute, fileStamp } from '../../platform/china-time.ts';
import type { ExportDefinition } from '../../platform/exports.ts';
import type { LiveAdmin } from './live-admin.ts';

/** Rows read per step: memory stays bounded however many attended. */
const BATCH = 500;
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;

/** A room's attendance as XLSX (/crm/live, issue 24 item 4), read in steps in the enterprise's scope. */
export function liveAttendanceExport(admin: LiveAdmin): ExportDefinition<{ id: number }> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'live-attendance' : '直播出勤'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Attendance' : '直播出勤'),
    columns: [
      { key: 'name', header: { zh: '姓名', en: 'Name' }, width: 12 },
      { key: 'phone', header: { zh: '手机号', en: 'Phone' }, width: 14 },
      { key: 'departmentName', header: { zh: '部门', en: 'Department' }, width: 16 },
      { key: 'liveMinutes', header: { zh: '直播时长(分钟)', en: 'Live (minutes)' }, width: 14 },
      { key: 'playbackMinutes', header: { zh: '回放时长(分钟)', en: 'Recording (minutes)' }, width: 16 },
      { key: 'joins', header: { zh: '进入次数', en: 'Joins' }, width: 10 },
      { key: 'firstJoinedAt', header: { zh: '首次进入', en: 'First joined' }, width: 18 },
      { key: 'lastLeftAt', header: { zh: '最后离开', en: 'Last left' }, width: 18 },
      { key: 'completedAt', header: { zh: '完成时间', en: 'Completed' }, width: 18 },
    ],
    async *rows({ eid, params }) {
      for (let offset = 0; ; offset += BATCH) {
        const rows = await admin.attendanceStep(eid, params.id, BATCH, offset);
        for (const r of rows) {
          yield {
            name: r.name,
            phone: r.phone,
            departmentName: r.departmentName,
            liveMinutes: minutes(r.liveSeconds),
            playbackMinutes: minutes(r.playbackSeconds),
            joins: r.joins,
            firstJoinedAt: chinaMinute(new Date(r.firstJoinedAt)),
            lastLeftAt: r.lastLeftAt ? chinaMinute(new Date(r.lastLeftAt)) : null,
            completedAt: r.completedAt ? chinaMinute(new Date(r.completedAt)) : null,
          };
        }
        if (rows.length < BATCH) return;
      }
    },
  };
}
